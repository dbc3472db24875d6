package apikey_test

import (
	"testing"

	"github.com/m0-orchestration/m0/apikey/apikeytest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

func TestConformance(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		apikeytest.Run(t, func(t *testing.T) *storage.DB { return storagetest.Open(t, newConfig(t)) })
	})
}
