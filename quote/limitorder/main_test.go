package limitorder_test

import (
	"testing"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
)

// TestMain closes the shared devnet after the last test.
func TestMain(m *testing.M) { devnetenv.Main(m) }
