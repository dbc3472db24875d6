package permitsql_test

import (
	"testing"

	"github.com/m0-orchestration/m0/permit/permitflow"
	"github.com/m0-orchestration/m0/permit/permitflow/permitflowtest"
	"github.com/m0-orchestration/m0/permit/permitflow/permitsql"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

func TestLedger(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		permitflowtest.RunLedger(t, func(t *testing.T) permitflow.Ledger {
			return permitsql.New(storagetest.Open(t, newConfig(t)))
		})
	})
}
