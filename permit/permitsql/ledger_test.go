package permitsql_test

import (
	"testing"

	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/permit/permitsql"
	"github.com/m0-orchestration/m0/permit/permittest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

func TestLedger(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		permittest.RunLedger(t, func(t *testing.T) permit.Ledger {
			return permitsql.New(storagetest.Open(t, newConfig(t)))
		})
	})
}
