package portal_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
)

// TestMain closes the shared devnets after the last test, so that their
// nodes leave nothing in the temp dir.
func TestMain(m *testing.M) {
	code := devnetenv.Main(m)
	if err := closeWormholeDevnet(); err != nil {
		fmt.Fprintln(os.Stderr, "closing the Wormhole devnet:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
