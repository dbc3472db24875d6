package order

import (
	"embed"

	"github.com/m0-orchestration/m0/storage"
)

// migrationFiles are the order index's tables (see the package
// documentation): versions recorded in order_schema_migrations.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// The index's tables are migrated with the service's database: storage.Open
// applies them in every program that links this package. Until they were
// this package's, they were storage's migrations 0004 to 0006, which a
// database migrated then keeps as applied.
func init() {
	storage.Register(storage.Migrations{Name: "order", Files: migrationFiles, Adopts: map[int]storage.Adopted{
		1: {Version: 4, Name: "order_index"},
		2: {Version: 5, Name: "order_counts"},
		3: {Version: 6, Name: "order_versions"},
	}})
}
