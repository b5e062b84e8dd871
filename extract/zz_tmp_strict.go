package extract

import "github.com/urlgrep/urlgrep/rfc1738"

// TEMPORARY shim until the carrier branch lands.
func (m *Match) Strict() bool {
	_, err := rfc1738.Parse(m.Prefixed())
	return err == nil
}

// TEMPORARY shim until the carrier branch lands.
func (m *Match) Prefixed() string {
	switch m.Kind {
	case WWW:
		return "http://" + m.Text
	case Email:
		return "mailto:" + m.Text
	}
	return m.Text
}
