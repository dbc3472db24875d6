package httpserver

import (
	"io"
	"strconv"
	"time"
	"unicode"
	"unicode/utf8"
)

// NewTextAccessLog is NewAccessLog writing lines straight to w in the shape
// slog.NewTextHandler(w, nil) gives them, without going through slog: what
// NewJSONAccessLog is for JSON, for the text format. Through slog each line
// costs a record of boxed attributes, a pooled buffer and the handler's lock;
// here it is a few appends into one reused buffer. Pass a *bufio.Writer and
// its Flush as cfg.Flush to make a batch one system call.
func NewTextAccessLog(w io.Writer, cfg AccessLogConfig) *AccessLog {
	return newWriterAccessLog(w, appendTextLine, cfg)
}

// appendTextLine appends line as slog's text handler would write it.
func appendTextLine(b []byte, line *accessLine) []byte {
	if !line.time.IsZero() { // slog leaves a zero time out
		b = append(b, "time="...)
		b = appendRFC3339Millis(b, line.time)
		b = append(b, ' ')
	}
	b = append(b, `level=INFO msg="http request" method=`...)
	b = appendTextString(b, line.method)
	b = append(b, " route="...)
	route := len(b)
	b = appendTextString(b, line.route)
	b = append(b, " path="...)
	if line.path == line.route { // a literal route: its encoding is just above
		b = append(b, b[route:len(b)-len(" path=")]...)
	} else {
		b = appendTextString(b, line.path)
	}
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(line.status), 10)
	b = append(b, " latency="...)
	b = appendDuration(b, line.latency)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, line.bytes, 10)
	b = append(b, " request_id="...)
	if line.requestIDBare {
		b = append(b, line.id()...)
	} else {
		b = appendTextString(b, line.id())
	}
	if line.client.IsValid() {
		b = append(b, " client_ip="...)
		if line.client.Zone() == "" {
			// Hex digits, dots and colons: never quoted, and no string
			// to allocate.
			b = line.client.AppendTo(b)
		} else {
			b = appendTextString(b, line.client.String())
		}
	}
	if line.key != "" {
		b = append(b, " key="...)
		b = appendTextString(b, line.key)
	}
	if line.code != "" {
		b = append(b, " code="...)
		b = appendTextString(b, string(line.code))
	}
	return append(b, '\n')
}

// appendTextString appends s as slog's text handler does: bare when it
// reads as one token, else quoted as strconv.Quote quotes it.
func appendTextString(b []byte, s string) []byte {
	quote, printableASCII := textQuoting(s)
	switch {
	case !quote:
		return append(b, s...)
	case printableASCII:
		// strconv.Quote escapes only '"' and '\\' here; copying the runs
		// between them is several times faster than its rune by rune walk,
		// and a route ("GET /v1/...") is quoted on every line.
		b = append(b, '"')
		start := 0
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == '"' || c == '\\' {
				b = append(b, s[start:i]...)
				b = append(b, '\\', c)
				start = i + 1
			}
		}
		b = append(b, s[start:]...)
		return append(b, '"')
	}
	return strconv.AppendQuote(b, s)
}

// textQuoting says whether slog's text handler quotes s, and whether s is
// printable ASCII only. slog quotes an empty string, a space, '=', '"', a
// control character, invalid UTF-8 (or U+FFFD itself), a Unicode space or
// an unprintable rune; a lone backslash stays bare. ASCII bytes are sorted
// by a table (textByteClass), one load per byte, as the values of a line
// are mostly plain ASCII.
func textQuoting(s string) (quote, printableASCII bool) {
	quote, printableASCII = s == "", true
	for i := 0; i < len(s); {
		switch textByteClass[s[i]] {
		case textPlain:
			i++
			continue
		case textQuoted:
			quote = true
		case textControl:
			quote, printableASCII = true, false
		case textDEL:
			printableASCII = false // slog leaves DEL bare
		case textNonASCII:
			printableASCII = false
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
				return true, false
			}
			i += size
			continue
		}
		i++
	}
	return quote, printableASCII
}

// The classes of textByteClass.
const (
	textPlain    = iota // printable ASCII slog leaves bare
	textQuoted          // printable ASCII slog quotes: space, '=', '"'
	textControl         // below 0x20: quoted and escaped
	textDEL             // 0x7f: bare, but escaped when quoted
	textNonASCII        // the first byte of a multi-byte rune, or invalid
)

var textByteClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c < 0x20:
			t[c] = textControl
		case c == ' ' || c == '=' || c == '"':
			t[c] = textQuoted
		case c == 0x7f:
			t[c] = textDEL
		case c >= utf8.RuneSelf:
			t[c] = textNonASCII
		}
	}
	return t
}()

// appendRFC3339Millis appends t as slog's text handler writes a record's
// time: RFC 3339 with exactly three digits of milliseconds, truncated.
func appendRFC3339Millis(b []byte, t time.Time) []byte {
	// RFC3339 is one of AppendFormat's fast layouts: the milliseconds go
	// in after its seconds, before the zone ("Z" or "+01:00").
	const secondsLen = len("2006-01-02T15:04:05")
	n := len(b)
	b = t.AppendFormat(b, time.RFC3339)
	if b[n] == '-' || b[n+4] != '-' {
		return appendRFC3339MillisAsSlog(b[:n], t) // not a year of four digits
	}
	ms := t.Nanosecond() / int(time.Millisecond)
	at := n + secondsLen
	b = append(b, "0000"...) // room, then the zone moves right
	copy(b[at+4:], b[at:len(b)-4])
	b[at], b[at+1], b[at+2], b[at+3] = '.', byte('0'+ms/100), byte('0'+ms/10%10), byte('0'+ms%10)
	return b
}

// appendRFC3339MillisAsSlog is log/slog's own way, kept for the years it
// writes oddly (not four digits, where it cuts at a fixed place).
func appendRFC3339MillisAsSlog(b []byte, t time.Time) []byte {
	// RFC3339Nano trims trailing zeros: adding a tenth of a millisecond
	// keeps four digits, and the fourth is dropped.
	const prefixLen = len("2006-01-02T15:04:05.000")
	n := len(b)
	t = t.Truncate(time.Millisecond).Add(time.Millisecond / 10)
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b[:n+prefixLen], b[n+prefixLen+1:]...)
}

// appendDuration appends d as d.String() reads ("1.234567ms", "1h2m3.5s"),
// without the string d.String() allocates.
func appendDuration(b []byte, d time.Duration) []byte {
	u := uint64(d)
	if d < 0 {
		b = append(b, '-')
		u = -u // math.MinInt64 too: its magnitude fits a uint64
	}
	if u < uint64(time.Second) {
		// Below a second the unit is the largest that keeps a whole part.
		switch {
		case u == 0:
			return append(b, "0s"...)
		case u < uint64(time.Microsecond):
			b = strconv.AppendUint(b, u, 10)
			return append(b, "ns"...)
		case u < uint64(time.Millisecond):
			b = appendFraction(b, u, 3)
			return append(b, "µs"...)
		default:
			b = appendFraction(b, u, 6)
			return append(b, "ms"...)
		}
	}
	secs := u / uint64(time.Second)
	if secs >= 3600 {
		b = strconv.AppendUint(b, secs/3600, 10)
		b = append(b, 'h')
	}
	if secs >= 60 {
		b = strconv.AppendUint(b, secs/60%60, 10)
		b = append(b, 'm')
	}
	b = appendFraction(b, secs%60*uint64(time.Second)+u%uint64(time.Second), 9)
	return append(b, 's')
}

// appendFraction appends v / 10^digits in decimal, with the fraction's
// trailing zeros (and a fraction of zero) left out.
func appendFraction(b []byte, v uint64, digits int) []byte {
	div := uint64(1)
	for range digits {
		div *= 10
	}
	b = strconv.AppendUint(b, v/div, 10)
	frac := v % div
	if frac == 0 {
		return b
	}
	for frac%10 == 0 {
		frac /= 10
		digits--
	}
	b = append(b, '.')
	for div = 1; digits > 1; digits-- {
		div *= 10
	}
	for ; div > 0; div /= 10 {
		b = append(b, byte('0'+frac/div%10))
	}
	return b
}
