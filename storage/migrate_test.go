package storage

import (
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// TestEmbeddedMigrations checks the shipped files: every version from 1 up,
// once, for each dialect.
func TestEmbeddedMigrations(t *testing.T) {
	for _, d := range []Dialect{SQLite, Postgres} {
		ms, err := loadMigrations(migrationFiles, d, retiredVersions...)
		if err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		if len(ms) == 0 || ms[0].name != "api_keys" {
			t.Errorf("%v: migrations %v, want api_keys first", d, ms)
		}
	}
}

func TestLoadMigrations(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	tests := []struct {
		name    string
		files   fstest.MapFS
		dialect Dialect
		retired []int
		want    []migration
		wantErr bool
	}{
		{
			name: "portable and per dialect",
			files: fstest.MapFS{
				"migrations/0002_b.sqlite.sql":   file("B-sqlite"),
				"migrations/0001_a.sql":          file("A"),
				"migrations/0002_b.postgres.sql": file("B-pg"),
				"migrations/0003_c.sql":          file("C"),
			},
			dialect: Postgres,
			want:    []migration{{1, "a", "A"}, {2, "b", "B-pg"}, {3, "c", "C"}},
		},
		{
			name: "sqlite picks its file",
			files: fstest.MapFS{
				"migrations/0001_a.sql":          file("A"),
				"migrations/0002_b.sqlite.sql":   file("B-sqlite"),
				"migrations/0002_b.postgres.sql": file("B-pg"),
			},
			dialect: SQLite,
			want:    []migration{{1, "a", "A"}, {2, "b", "B-sqlite"}},
		},
		{
			name: "gap",
			files: fstest.MapFS{
				"migrations/0001_a.sql": file("A"),
				"migrations/0003_c.sql": file("C"),
			},
			dialect: SQLite,
			wantErr: true,
		},
		{
			name: "a retired version's gap",
			files: fstest.MapFS{
				"migrations/0001_a.sql": file("A"),
				"migrations/0003_c.sql": file("C"),
			},
			dialect: SQLite,
			retired: []int{2},
			want:    []migration{{1, "a", "A"}, {3, "c", "C"}},
		},
		{
			name: "one dialect missing",
			files: fstest.MapFS{
				"migrations/0001_a.postgres.sql": file("A"),
			},
			dialect: SQLite,
			wantErr: true,
		},
		{
			name: "same version twice",
			files: fstest.MapFS{
				"migrations/0001_a.sql":     file("A"),
				"migrations/0001_other.sql": file("B"),
			},
			dialect: SQLite,
			wantErr: true,
		},
		{
			name: "portable and specific",
			files: fstest.MapFS{
				"migrations/0001_a.sql":        file("A"),
				"migrations/0001_a.sqlite.sql": file("B"),
			},
			dialect: SQLite,
			wantErr: true,
		},
		{
			name:    "bad name",
			files:   fstest.MapFS{"migrations/1_a.sql": file("A")},
			dialect: SQLite,
			wantErr: true,
		},
		{
			name:    "starts at zero",
			files:   fstest.MapFS{"migrations/0000_a.sql": file("A")},
			dialect: SQLite,
			wantErr: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := loadMigrations(tt.files, tt.dialect, tt.retired...)
			if (err != nil) != tt.wantErr {
				t.Fatalf("loadMigrations error = %v, wantErr %v", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(migration{})); diff != "" {
				t.Errorf("loadMigrations (-want +got):\n%s", diff)
			}
		})
	}
}
