package m0_test

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// solverDepsBound caps the packages (standard library included) that
// importing package permit links: 259 when it was set, the bulk
// orchestration's own (solana-go, go-ethereum's common and crypto), the
// rest the catalog's YAML and go-ethereum's abi for the calldata. The typed
// data wallets sign is eip2612's own: go-ethereum's apitypes would add
// about 40 (core/types, params, KZG). The README's "For solvers" states it.
const solverDepsBound = 270

// solverModulePackages are the only packages of this module a solver
// importing permit links: no quote engine, store, server nor chain client.
var solverModulePackages = []string{"orchestration", "asset", "evm/contracts", "evm/eip2612", "permit"}

// TestSolverPackageLinksLittle keeps package permit importable alone: its
// dependencies stay under solverDepsBound and within solverModulePackages.
func TestSolverPackageLinksLittle(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH:", err)
	}
	cmd := exec.Command(goTool, "list", "-deps", "./permit")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	deps := strings.Fields(string(out))
	if len(deps) > solverDepsBound {
		t.Errorf("package permit links %d packages, over the bound of %d: see what it gained with go list -deps ./permit", len(deps), solverDepsBound)
	}
	for _, d := range deps {
		if rel, ok := relPath(d); ok && !slices.Contains(solverModulePackages, rel) {
			t.Errorf("package permit links %s: a solver importing it would link it too", rel)
		}
	}
}
