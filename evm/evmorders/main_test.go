package evmorders_test

import (
	"os"
	"testing"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
)

// TestMain closes the shared devnet after the last test, so that its nodes
// leave nothing in the temp dir.
func TestMain(m *testing.M) { os.Exit(devnetenv.Main(m)) }
