package httpserver

import (
	"io"
	"strconv"
	"time"
	"unicode/utf8"
)

// NewJSONAccessLog is NewAccessLog writing JSON lines straight to w, in the
// shape slog.NewJSONHandler(w, nil) gives them, without going through slog:
// an access line has a fixed set of fields, so it is encoded with a few
// appends into one reused buffer, several times faster than the general
// handler (the access log's cost is most of the server's overhead per
// request on a small response). Pass a *bufio.Writer and its Flush as
// cfg.Flush to make a batch one system call.
func NewJSONAccessLog(w io.Writer, cfg AccessLogConfig) *AccessLog {
	return newWriterAccessLog(w, appendJSONLine, cfg)
}

// newWriterAccessLog starts an AccessLog encoding its lines with encode
// and writing them to w.
func newWriterAccessLog(w io.Writer, encode func([]byte, *accessLine) []byte, cfg AccessLogConfig) *AccessLog {
	l := newAccessLog(nil, cfg)
	l.w, l.encode = w, encode
	go l.run()
	return l
}

// appendJSONLine appends line as slog's JSON handler would write it.
func appendJSONLine(b []byte, line *accessLine) []byte {
	b = append(b, '{')
	if !line.time.IsZero() { // slog leaves a zero time out
		b = append(b, `"time":"`...)
		b = line.time.AppendFormat(b, time.RFC3339Nano)
		b = append(b, `",`...)
	}
	b = append(b, `"level":"INFO","msg":"http request","method":`...)
	b = appendJSONString(b, line.method)
	b = append(b, `,"route":`...)
	route := len(b)
	b = appendJSONString(b, line.route)
	b = append(b, `,"path":`...)
	if line.path == line.route { // a literal route: its encoding is just above
		b = append(b, b[route:len(b)-len(`,"path":`)]...)
	} else {
		b = appendJSONString(b, line.path)
	}
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(line.status), 10)
	b = append(b, `,"latency":`...)
	b = strconv.AppendInt(b, int64(line.latency), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, line.bytes, 10)
	b = append(b, `,"request_id":`...)
	if line.requestIDBare { // nothing to escape
		b = append(b, '"')
		b = append(b, line.id()...)
		b = append(b, '"')
	} else {
		b = appendJSONString(b, line.id())
	}
	if line.client.IsValid() {
		b = append(b, `,"client_ip":"`...)
		b = line.client.AppendTo(b)
		b = append(b, '"')
	}
	if line.key != "" {
		b = append(b, `,"key":`...)
		b = appendJSONString(b, line.key)
	}
	if line.code != "" {
		b = append(b, `,"code":`...)
		b = appendJSONString(b, string(line.code))
	}
	return append(b, "}\n"...)
}

// appendJSONString appends s as a JSON string with the escapes slog's JSON
// handler uses: quote, backslash, control characters, invalid UTF-8 as
// U+FFFD, and U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
