package unwrap

import "strings"

// More redirectors that write their target whole, percent-encoded, in one
// query parameter: the click tracking of recruiting, sales and webmail
// services whose links mail carries (Lever, Workable, iContact,
// Mailtrack, Ebsta, Cision's press releases, GMX's dereferrer, Reddit's
// and Medium's mail), the link shims of sites whose links mail and chats
// pass on (LinkedIn, X, Reddit, Medium, Steam, VK, Tumblr, TikTok,
// DuckDuckGo, SoundCloud, Evernote, Bing, Telegram, Facebook's warning
// page), the ad and affiliate redirects of newsletters (Google Ads,
// Skimlinks, digidip, Tradedoubler, CJ, Rakuten, Awin, eBay's),
// Mailchimp's and Amazon's own mail, Google Translate's copy of a page and
// Amazon's open redirect. Their forms are those that uu-webext's rules
// unwrap (github.com/lyubomyr-shaydariv/uu-webext, MIT, its src/mod rules
// of July 2026), but for Telegram's (its documentation's) and those of
// Mailchimp, Awin, eBay, Google Translate and Amazon's mail, as the links
// of the phishing corpus (rf-peixoto/phishing_pot) write them; as for the
// rest, a host is matched whole or as a name under the redirector's
// domain, never as a prefix, and the target must be a URL (looksLikeURL).
var queryShims = []struct {
	name string
	// hosts are the redirector's host names; a name written with a
	// leading "." matches the names under it too (".linkedin.com":
	// linkedin.com, www.linkedin.com).
	hosts []string
	// paths are the paths the redirect has; one that ends in "*" is a
	// prefix. None: any path.
	paths []string
	// keys are the parameters that may hold the target, the first
	// present taken.
	keys []string
}{
	// "https://www.linkedin.com/redir/redirect?url=<target>&urlhash=…&trk=…",
	// and its warning page "/safety/go?url=<target>&trk=…".
	{"linkedin", []string{".linkedin.com", ".lnkd.in"}, []string{"/redir/redirect", "/safety/go"}, []string{"url"}},
	// "https://x.com/i/redirect?url=<target>&context=…".
	{"x", []string{".x.com", ".twitter.com"}, []string{"/i/redirect"}, []string{"url"}},
	// "https://out.reddit.com/t3_…?url=<target>&token=…", and Reddit's mail.
	{"reddit", []string{"out.reddit.com"}, []string{"/*"}, []string{"url"}},
	{"reddit", []string{"click.redditmail.com"}, nil, []string{"url"}},
	// "https://medium.com/r/?url=<target>".
	{"medium", []string{".medium.com"}, []string{"/r", "/r/"}, []string{"url"}},
	// "https://steamcommunity.com/linkfilter/?url=<target>".
	{"steam", []string{".steamcommunity.com"}, []string{"/linkfilter/", "/linkfilter"}, []string{"url", "u"}},
	// "https://vk.com/away.php?to=<target>&cc_key=".
	{"vk", []string{".vk.com"}, []string{"/away.php"}, []string{"to"}},
	// "https://t.umblr.com/redirect?z=<target>&t=…".
	{"tumblr", []string{".t.umblr.com"}, []string{"/redirect"}, []string{"z"}},
	// "https://www.tiktok.com/link/v2?aid=…&lang=en&scene=bio_url&target=<target>".
	{"tiktok", []string{".tiktok.com"}, []string{"/link/v2"}, []string{"target"}},
	// "https://duckduckgo.com/l/?uddg=<target>&rut=…".
	{"duckduckgo", []string{".duckduckgo.com"}, []string{"/l/"}, []string{"uddg"}},
	// "https://exit.sc/?url=<target>", "https://gate.sc/?url=<target>&token=…".
	{"soundcloud", []string{".exit.sc", ".gate.sc"}, []string{"/"}, []string{"url"}},
	// "https://www.evernote.com/OutboundRedirect.action?dest=<target>".
	{"evernote", []string{".evernote.com"}, []string{"/OutboundRedirect.action"}, []string{"dest"}},
	// Edge's "https://edgeservices.bing.com/edgesvc/redirect?url=<target>&hash=…".
	{"bing", []string{".edgeservices.bing.com"}, []string{"/edgesvc/redirect"}, []string{"url"}},
	// Lever's mail: "https://t.lever-analytics.com/email-link?dest=<target>&eid=…&idx=…&token=…".
	{"lever", []string{".t.lever-analytics.com"}, []string{"/email-link"}, []string{"dest"}},
	// Workable's mail: "https://apply.workable.com/nr?l=<target>&…".
	{"workable", []string{".workable.com"}, []string{"/nr"}, []string{"l"}},
	// iContact's: "https://click.icptrack.com/icp/relay.php?r=…&msgid=…&destination=<target>".
	{"icontact", []string{"click.icptrack.com"}, []string{"/icp/relay.php"}, []string{"destination"}},
	// "https://mailtrack.io/trace/link/…?url=<target>&userId=…&signature=…".
	{"mailtrack", []string{".mailtrack.io"}, nil, []string{"url"}},
	// "https://console.ebsta.com/linktracking/track.aspx?linkuri=<target>&…".
	{"ebsta", []string{".console.ebsta.com"}, []string{"/linktracking/track.aspx"}, []string{"linkuri"}},
	// Cision's (PR Newswire's) press releases: "https://c212.net/c/link/?t=0&l=en&o=…&h=…&u=<target>&a=…".
	{"cision", []string{".c212.net"}, []string{"/c/link/"}, []string{"u"}},
	// GMX's and web.de's webmail: "https://deref-gmx.net/mail/client/…/dereferrer/?redirectUrl=<target>".
	{"gmx", []string{".deref-gmx.net"}, []string{"/mail/client/*"}, []string{"redirectUrl"}},
	// Google's ad clicks: "https://www.googleadservices.com/pagead/aclk?sa=L&ai=…&adurl=<target>",
	// and Search Ads 360's "https://clickserve.dartsearch.net/link/click?…&ds_dest_url=<target>".
	{"google-ads", []string{".googleadservices.com"}, []string{"/pagead/aclk"}, []string{"adurl"}},
	{"google-ads", []string{".clickserve.dartsearch.net"}, []string{"/link/click"}, []string{"ds_dest_url"}},
	// Affiliate links: Skimlinks' "https://go.redirectingat.com/?id=…&url=<target>",
	// digidip's "https://…digidip.net/visit?url=<target>", Tradedoubler's
	// "https://clk.tradedoubler.com/click?p=…&a=…&url=<target>", CJ's
	// "https://www.jdoqocy.com/click-8199-1234?url=<target>" and its other hosts,
	// Rakuten's "https://click.linksynergy.com/deeplink?id=…&mid=…&murl=<target>".
	{"skimlinks", []string{".redirectingat.com"}, nil, []string{"url"}},
	{"digidip", []string{".digidip.net"}, []string{"/visit"}, []string{"url"}},
	{"tradedoubler", []string{".tradedoubler.com"}, []string{"/click"}, []string{"_td_deeplink", "url"}},
	{"cj", []string{".jdoqocy.com"}, []string{"/click", "/click-*"}, []string{"url"}},
	{"cj", []string{"www.anrdoezrs.net", "www.dpbolvw.net", "www.tkqlhce.com"}, nil, []string{"url"}},
	{"rakuten", []string{"click.linksynergy.com"}, []string{"/deeplink"}, []string{"murl"}},
	// Telegram's Instant View of a page, as its Instant View platform's
	// documentation writes the link (instantview.telegram.org):
	// "https://t.me/iv?url=<target>&rhash=…".
	{"telegram", []string{"t.me", "telegram.me"}, []string{"/iv"}, []string{"url"}},
	// Mailchimp's own mail (its account and list confirmations):
	// "https://us8.mailchimp.com/mctx/clicks?url=<target>&h=…&v=1&xid=…&uid=…".
	{"mailchimp", []string{".mailchimp.com"}, []string{"/mctx/clicks"}, []string{"url"}},
	// Awin's affiliate links: "https://www.awin1.com/cread.php?awinmid=…&awinaffid=…&ued=<target>".
	{"awin", []string{".awin1.com"}, []string{"/cread.php"}, []string{"ued"}},
	// eBay's Partner Network and mail: "https://rover.ebay.com/rover/1/711-53200-19255-0/1?mpre=<target>",
	// "…/rover/0/e11070.m2901.l1141/7?loc=<target>".
	{"ebay", []string{"rover.ebay.com"}, []string{"/rover/*"}, []string{"mpre", "loc"}},
	// Google Translate's copy of a page, which phishing links go
	// through: "https://translate.google.com/translate?sl=auto&tl=ru&u=<target>".
	{"google-translate", []string{"translate.google.com"}, []string{"/translate"}, []string{"u"}},
	// Amazon's mail: "https://www.amazon.com/gp/r.html?C=…&K=…&M=urn:rtn:msg:…&R=…&T=C&U=<target>&H=…".
	{"amazon", amazonHosts(), []string{"/gp/r.html"}, []string{"U"}},
	// Amazon's open redirect, which phishing uses too:
	// "https://www.amazon.com/gp/redirect.html?location=<target>&token=…".
	{"amazon", amazonHosts(), []string{"/gp/redirect.html"}, []string{"location"}},
}

// amazonHosts are the Amazon stores' hosts with and without "www.", for
// the top-level domains uu-webext's rule lists.
func amazonHosts() []string {
	var hosts []string
	for _, tld := range []string{"ac", "ca", "cn", "com", "co.jp", "co.uk", "de", "eg", "es", "fr", "in", "it", "nl", "pl", "sg"} {
		hosts = append(hosts, "amazon."+tld, "www.amazon."+tld)
	}
	return hosts
}

func init() {
	for _, q := range queryShims {
		shims = append(shims, shim{name: q.name, at: matchHostPath(q.hosts, q.paths), target: param(q.keys...)})
	}
}

// matchHostPath matches a link to one of hosts (a leading "." taking the
// names under it too) with one of paths (a final "*" a prefix; none: any).
func matchHostPath(hosts, paths []string) func(host, path string) bool {
	return func(host, path string) bool {
		found := false
		for _, h := range hosts {
			if d, ok := strings.CutPrefix(h, "."); ok {
				found = host == d || isUnder(host, d)
			} else {
				found = host == h
			}
			if found {
				break
			}
		}
		if !found {
			return false
		}
		if len(paths) == 0 {
			return true
		}
		for _, p := range paths {
			if pre, ok := strings.CutSuffix(p, "*"); ok && strings.HasPrefix(path, pre) && len(path) > len(pre) || p == path {
				return true
			}
		}
		return false
	}
}
