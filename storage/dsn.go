package storage

import (
	"errors"
	"net/url"
	"strings"
)

const memoryDSN = "sqlite::memory:"

// parsedDSN is a Config.DSN taken apart.
type parsedDSN struct {
	dialect Dialect
	raw     string   // the DSN as given (PostgreSQL)
	path    string   // the database file (SQLite)
	memory  bool     // sqlite::memory:
	secrets []string // strings that must not appear in errors
}

// ErrBadDSN is the error of a DSN in none of the supported forms.
var ErrBadDSN = errors.New("storage: unsupported DSN: want sqlite:PATH, " + memoryDSN + " or postgres://...")

// parseDSN recognises the DSN forms of the package documentation. Its errors
// never quote the DSN.
func parseDSN(dsn string) (parsedDSN, error) {
	lower := strings.ToLower(dsn)
	switch {
	case strings.HasPrefix(lower, "postgres://"), strings.HasPrefix(lower, "postgresql://"):
		return parsedDSN{dialect: Postgres, raw: dsn, secrets: passwords(dsn)}, nil
	case dsn == memoryDSN:
		return parsedDSN{dialect: SQLite, memory: true}, nil
	case strings.HasPrefix(dsn, "sqlite:"):
		path := strings.TrimPrefix(dsn, "sqlite:")
		switch {
		case path == "":
			return parsedDSN{}, errors.New("storage: sqlite DSN without a path")
		case strings.ContainsAny(path, "?#"):
			return parsedDSN{}, errors.New("storage: sqlite path must not contain ? or #")
		case strings.HasPrefix(path, "file:"), strings.HasPrefix(path, ":memory:"):
			return parsedDSN{}, errors.New("storage: sqlite DSN takes a plain path or :memory:, not a URI")
		}
		return parsedDSN{dialect: SQLite, path: path}, nil
	}
	return parsedDSN{}, ErrBadDSN
}

// passwords finds the password of a PostgreSQL URL, in the user info or a
// password query parameter, both as written and decoded. It works on text that
// net/url would reject, because such text still reaches pgx's error messages.
func passwords(dsn string) []string {
	var out []string
	add := func(s string) {
		if s == "" {
			return
		}
		out = append(out, s)
		if d, err := url.PathUnescape(s); err == nil && d != s {
			out = append(out, d)
		}
	}
	rest := dsn[strings.Index(dsn, "://")+len("://"):]
	authority, query := rest, ""
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		query = rest[i+1:]
		if j := strings.IndexByte(query, '#'); j >= 0 {
			query = query[:j]
		}
	}
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		if _, pw, ok := strings.Cut(authority[:at], ":"); ok {
			add(pw)
		}
	}
	for kv := range strings.SplitSeq(query, "&") {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(k, "password") {
			add(v)
			if d, err := url.QueryUnescape(v); err == nil && d != v {
				add(d)
			}
		}
	}
	return out
}

// redact returns err with every password of the DSN masked in its message.
// Unwrap still reaches the original error, so errors.Is and errors.As work.
func (d parsedDSN) redact(err error) error {
	msg := err.Error()
	for _, s := range d.secrets {
		msg = strings.ReplaceAll(msg, s, "xxxxx")
	}
	if msg == err.Error() {
		return err
	}
	return &redactedError{msg: msg, err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
