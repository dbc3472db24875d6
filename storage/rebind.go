package storage

import (
	"strconv"
	"strings"
)

// rebind implements DB.Rebind.
func rebind(d Dialect, query string) string {
	if d != Postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for i := 0; i < len(query); i++ {
		end := i + 1 // query[i:end] is copied unchanged
		switch c := query[i]; {
		case c == '\'' || c == '"':
			// A doubled quote inside closes and reopens: same result.
			if j := strings.IndexByte(query[i+1:], c); j >= 0 {
				end = i + 1 + j + 1
			} else {
				end = len(query)
			}
		case c == '-' && strings.HasPrefix(query[i:], "--"):
			if j := strings.IndexByte(query[i:], '\n'); j >= 0 {
				end = i + j + 1
			} else {
				end = len(query)
			}
		case c == '/' && strings.HasPrefix(query[i:], "/*"):
			if j := strings.Index(query[i+2:], "*/"); j >= 0 {
				end = i + 2 + j + 2
			} else {
				end = len(query)
			}
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteString(query[i:end])
		i = end - 1
	}
	return b.String()
}
