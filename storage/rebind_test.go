package storage

import "testing"

func TestRebind(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"no placeholders", `SELECT 1`, `SELECT 1`},
		{"in order", `INSERT INTO t (a, b, c) VALUES (?, ?, ?)`, `INSERT INTO t (a, b, c) VALUES ($1, $2, $3)`},
		{"adjacent", `SELECT ?||?`, `SELECT $1||$2`},
		{"string literal", `SELECT '?', ?`, `SELECT '?', $1`},
		{"doubled quote in literal", `SELECT 'it''s ?', ?`, `SELECT 'it''s ?', $1`},
		{"quoted identifier", `SELECT "a?b" FROM t WHERE x = ?`, `SELECT "a?b" FROM t WHERE x = $1`},
		{"line comment", "SELECT ? -- what?\nFROM t WHERE y = ?", "SELECT $1 -- what?\nFROM t WHERE y = $2"},
		{"line comment at end", "SELECT ? -- what?", "SELECT $1 -- what?"},
		{"block comment", `SELECT /* ? */ ?`, `SELECT /* ? */ $1`},
		{"unterminated literal", `SELECT ?, 'a?`, `SELECT $1, 'a?`},
		{"unterminated block comment", `SELECT ? /* ?`, `SELECT $1 /* ?`},
		{"minus and slash", `SELECT 4-?/2`, `SELECT 4-$1/2`},
		{"ten and more", `(?,?,?,?,?,?,?,?,?,?,?)`, `($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rebind(Postgres, tt.in); got != tt.want {
				t.Errorf("rebind(Postgres, %q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			if got := rebind(SQLite, tt.in); got != tt.in {
				t.Errorf("rebind(SQLite, %q) = %q, want it unchanged", tt.in, got)
			}
		})
	}
}
