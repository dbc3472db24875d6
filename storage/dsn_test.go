package storage

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseDSN(t *testing.T) {
	tests := []struct {
		dsn     string
		want    parsedDSN
		wantErr bool
	}{
		{dsn: "sqlite:/var/lib/m0/m0.db", want: parsedDSN{dialect: SQLite, path: "/var/lib/m0/m0.db"}},
		{dsn: "sqlite:data/m0.db", want: parsedDSN{dialect: SQLite, path: "data/m0.db"}},
		{dsn: "sqlite::memory:", want: parsedDSN{dialect: SQLite, memory: true}},
		{dsn: "postgres://u@h/db", want: parsedDSN{dialect: Postgres, raw: "postgres://u@h/db"}},
		{dsn: "PostgreSQL://u:pw@h/db", want: parsedDSN{dialect: Postgres, raw: "PostgreSQL://u:pw@h/db", secrets: []string{"pw"}}},
		{dsn: "", wantErr: true},
		{dsn: "sqlite:", wantErr: true},
		{dsn: "sqlite:a.db?mode=ro", wantErr: true},
		{dsn: "sqlite:file:a.db", wantErr: true},
		{dsn: "sqlite::memory:?cache=shared", wantErr: true},
		{dsn: "mysql://u:pw@h/db", wantErr: true},
		{dsn: "host=h password=pw", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.dsn, func(t *testing.T) {
			got, err := parseDSN(tt.dsn)
			if (err != nil) != tt.wantErr {
				t.Fatalf("parseDSN error = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil {
				if strings.Contains(err.Error(), "pw") {
					t.Errorf("error %q quotes the DSN", err)
				}
				return
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(parsedDSN{})); diff != "" {
				t.Errorf("parseDSN (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPasswords(t *testing.T) {
	tests := []struct {
		dsn  string
		want []string
	}{
		{"postgres://u@h/db", nil},
		{"postgres://u:s3cr3t@h:5432/db?sslmode=disable", []string{"s3cr3t"}},
		{"postgres://u:p%40ss@h/db", []string{"p%40ss", "p@ss"}},
		{"postgres://u:p@ss@h/db", []string{"p@ss"}},
		{"postgres://u@h/db?sslmode=disable&password=qwerty", []string{"qwerty"}},
		{"postgres://u@h/db?PASSWORD=a+b", []string{"a+b", "a b"}},
		{"postgres://u:x:y@h:notaport/db#frag", []string{"x:y"}},
	}
	for _, tt := range tests {
		t.Run(tt.dsn, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, passwords(tt.dsn)); diff != "" {
				t.Errorf("passwords (-want +got):\n%s", diff)
			}
		})
	}
}

// TestOpenErrorsHidePassword opens PostgreSQL DSNs that fail at each stage
// (pgx's parser, the connection) and checks the password never shows.
func TestOpenErrorsHidePassword(t *testing.T) {
	const pw = "Sup3rS3cretPassw0rd"
	tests := []struct{ name, dsn string }{
		{"bad port", "postgres://user:" + pw + "@127.0.0.1:notaport/db"},
		{"bad option", "postgres://user:" + pw + "@127.0.0.1:1/db?sslmode=sometimes"},
		{"refused", "postgres://user:" + pw + "@127.0.0.1:1/db?sslmode=disable&connect_timeout=2"},
		{"password parameter", "postgresql://user@127.0.0.1:1/db?sslmode=disable&password=" + pw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			db, err := Open(ctx, Config{DSN: tt.dsn})
			if err == nil {
				db.Close()
				t.Fatal("Open succeeded")
			}
			if strings.Contains(err.Error(), pw) {
				t.Errorf("error contains the password: %v", err)
			}
			if !strings.HasPrefix(err.Error(), "storage: open postgres: ") {
				t.Errorf("error %q lacks the storage prefix", err)
			}
		})
	}
}

func TestRedactKeepsChain(t *testing.T) {
	d := parsedDSN{secrets: []string{"pw"}}
	err := d.redact(errors.Join(errors.New("login with pw failed"), context.DeadlineExceeded))
	if got, want := err.Error(), "login with xxxxx failed\ncontext deadline exceeded"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Error("redacted error lost its chain")
	}
}

func TestOpenConfigErrors(t *testing.T) {
	for _, cfg := range []Config{
		{DSN: "sqlite::memory:", MaxOpenConns: -1},
		{DSN: "sqlite::memory:", BusyTimeout: -time.Second},
		{DSN: "nope"},
	} {
		if db, err := Open(t.Context(), cfg); err == nil {
			db.Close()
			t.Errorf("Open(%+v) succeeded", cfg)
		}
	}
}
