package contracts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFilesUpToDate recompiles src/ and regenerates the bindings into a temporary directory
// (build.sh -check) and fails if artifacts/ or bindings/ differ. It skips when node or the pinned solc
// is not installed, and in -short mode (the compile takes a few seconds).
func TestGeneratedFilesUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the contracts; skipped in -short mode")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	// go test caches a passing result keyed on the files and variables the test itself reads: read
	// everything build.sh reads so that an edit invalidates the cache.
	for _, v := range []string{"SOLC_CACHE", "XDG_CACHE_HOME", "HOME", "PATH"} {
		os.Getenv(v)
	}
	for _, glob := range []string{"build.sh", "compile.js", "src/*", "artifacts/*", "bindings/*", "internal/gen/*"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			if _, err := os.ReadFile(f); err != nil {
				t.Fatal(err)
			}
		}
	}
	out, err := exec.Command("bash", "build.sh", "-check").CombinedOutput()
	if strings.HasPrefix(string(out), "SKIP:") {
		t.Skip(strings.TrimSpace(string(out)))
	}
	if err != nil {
		t.Fatalf("build.sh -check: %v\n%s\nRun `go generate ./evm/contracts` and commit the result.", err, out)
	}
}
