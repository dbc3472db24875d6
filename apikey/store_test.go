package apikey_test

import (
	"testing"

	"github.com/m0-orchestration/m0/apikey/apikeytest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

func TestConformance(t *testing.T) {
	for _, b := range storagetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			if b.SkipReason != "" {
				t.Skip(b.SkipReason)
			}
			apikeytest.Run(t, func(t *testing.T) *storage.DB { return storagetest.Open(t, b.NewConfig(t)) })
		})
	}
}
