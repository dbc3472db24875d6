package storage_test

import (
	"testing"

	"github.com/m0-orchestration/m0/storage/storagetest"
)

func TestConformance(t *testing.T) {
	storagetest.ForEach(t, storagetest.Run)
}
