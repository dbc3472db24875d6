package webhook_test

import (
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/webhook"
	"github.com/m0-orchestration/m0/webhook/webhooktest"
)

// sqlHarness is the suite's harness over a SQLStore in db whose clock
// reads now.
func sqlHarness(db *storage.DB, now func() time.Time) webhooktest.Harness {
	store := webhook.NewSQLStore(db, webhook.SQLConfig{Now: now})
	keys := apikey.NewStore(db, nil)
	return webhooktest.Harness{
		Store: store,
		Record: func(t *testing.T, changed ...order.Record) {
			t.Helper()
			if err := db.WithTx(t.Context(), func(tx *storage.Tx) error { return store.RecordChanges(t.Context(), tx, changed) }); err != nil {
				t.Fatal(err)
			}
		},
		NewKey: func(t *testing.T) string {
			t.Helper()
			_, k, err := keys.Create(t.Context(), apikey.NewKey{Name: "k" + time.Now().Format("150405.000000000")})
			if err != nil {
				t.Fatal(err)
			}
			return k.ID
		},
		Revoke: func(t *testing.T, keyID string) {
			t.Helper()
			if err := keys.Revoke(t.Context(), keyID); err != nil {
				t.Fatal(err)
			}
		},
	}
}

func TestSQLStore(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		webhooktest.Run(t, func(t *testing.T) webhooktest.Harness {
			return sqlHarness(storagetest.Open(t, newConfig(t)), func() time.Time { return webhooktest.Now })
		})
	})
}
