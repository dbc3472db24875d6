// Command gen writes the Go bindings of every contract artifact (<Name>.abi and <Name>.bin) in a
// directory into one Go file, with go-ethereum's abigen at the version go.mod requires. All contracts
// go through one abigen call so the structs they share are declared once.
//
// Usage: go run ./internal/gen -artifacts DIR -out FILE [-pkg NAME]
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi/abigen"
)

func main() {
	artifacts := flag.String("artifacts", "artifacts", "directory holding <Name>.abi and <Name>.bin")
	out := flag.String("out", "bindings/bindings.go", "Go file to write")
	pkg := flag.String("pkg", "bindings", "Go package name")
	flag.Parse()
	if err := run(*artifacts, *out, *pkg); err != nil {
		log.Fatal(err)
	}
}

func run(dir, out, pkg string) error {
	abis, err := filepath.Glob(filepath.Join(dir, "*.abi"))
	if err != nil {
		return err
	}
	if len(abis) == 0 {
		return fmt.Errorf("no .abi files in %s", dir)
	}
	sort.Strings(abis)
	var names, abiJSON, bins []string
	for _, p := range abis {
		name := strings.TrimSuffix(filepath.Base(p), ".abi")
		a, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(strings.TrimSuffix(p, ".abi") + ".bin")
		if err != nil {
			return err
		}
		names = append(names, name)
		abiJSON = append(abiJSON, string(a))
		bins = append(bins, "0x"+strings.TrimSpace(string(b)))
	}
	code, err := abigen.Bind(names, abiJSON, bins, nil, pkg, nil, nil)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, []byte(code), 0o644)
}
