package storage_test

import (
	"testing"

	"github.com/m0-orchestration/m0/storage/storagetest"
)

func TestConformance(t *testing.T) {
	for _, b := range storagetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			if b.SkipReason != "" {
				t.Skip(b.SkipReason)
			}
			storagetest.Run(t, b.NewConfig)
		})
	}
}
