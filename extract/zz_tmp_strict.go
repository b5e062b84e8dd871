package extract

import "github.com/urlgrep/urlgrep/rfc1738"

// TEMPORARY shim until the carrier branch lands.
func (m *Match) Strict() bool {
	p := ""
	switch m.Kind {
	case WWW:
		p = "http://"
	case Email:
		p = "mailto:"
	}
	_, err := rfc1738.Parse(p + m.Text)
	return err == nil
}
