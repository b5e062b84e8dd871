package rfc1738

// parseTelnet checks the telnet grammar. §3.8: "The final "/" character
// may be omitted"; nothing may follow it. User and password are advisory.
//
//	telneturl = "telnet://" login [ "/" ]
func parseTelnet(p *parser) (int, error) {
	u := p.u
	if !u.Internet {
		return p.pathOff, ErrNotInternet
	}
	if u.Path != "" {
		return p.pathOff, ErrTelnetPath
	}
	return 0, nil
}
