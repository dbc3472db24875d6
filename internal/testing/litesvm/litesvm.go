package litesvm

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
)

//go:embed runner.js
var runnerJS string

//go:embed package-lock.json
var packageLock []byte

// DirEnv names the environment variable that points at an installed
// harness: a directory holding node_modules/litesvm.
const DirEnv = "ORCHESTRATION_LITESVM_DIR"

// RequireEnv names the environment variable that, set to 1, makes ForTest
// fail rather than skip when the harness cannot be found.
const RequireEnv = "ORCHESTRATION_TEST_LITESVM"

// ErrUnavailable is wrapped by New's error when node or the installed
// modules are missing: the harness cannot run here.
var ErrUnavailable = errors.New("litesvm: harness unavailable")

// DefaultDir is where install.sh puts the node modules by default: the user
// cache directory's m0-litesvm/<first 16 hex digits of the lockfile's
// SHA-256>, so a changed lockfile installs afresh beside the old one.
func DefaultDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("litesvm: %w", err)
	}
	sum := sha256.Sum256(packageLock)
	return filepath.Join(cache, "m0-litesvm", hex.EncodeToString(sum[:8])), nil
}

// Config configures New.
type Config struct {
	// Dir holds the installed modules (Dir/node_modules/litesvm); empty
	// means $ORCHESTRATION_LITESVM_DIR, else DefaultDir.
	Dir string
	// Node is the node binary; empty means "node" on PATH.
	Node string
	// Timeout bounds one Run or RunAll when its context has no deadline;
	// zero means one minute (a run takes about a second, the rest is margin
	// for a loaded machine).
	Timeout time.Duration
}

// Harness runs requests in LiteSVM, one node process per Run or RunAll.
// It is immutable and safe for concurrent use.
type Harness struct {
	dir, node string
	timeout   time.Duration
}

// New finds node and the installed modules; its error wraps ErrUnavailable
// when either is missing.
func New(cfg Config) (*Harness, error) {
	h := &Harness{dir: cfg.Dir, node: cfg.Node, timeout: cfg.Timeout}
	if h.dir == "" {
		h.dir = os.Getenv(DirEnv)
	}
	if h.dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		h.dir = d
	}
	if h.node == "" {
		h.node = "node"
	}
	node, err := exec.LookPath(h.node)
	if err != nil {
		return nil, fmt.Errorf("%w: no node binary: %w", ErrUnavailable, err)
	}
	h.node = node
	if _, err := os.Stat(filepath.Join(h.dir, "node_modules", "litesvm", "package.json")); err != nil {
		return nil, fmt.Errorf("%w: litesvm is not installed in %s (run internal/testing/litesvm/install.sh): %w", ErrUnavailable, h.dir, err)
	}
	if h.timeout == 0 {
		h.timeout = time.Minute
	}
	return h, nil
}

// ForTest returns a Harness of the default Config for t, skipping t when it
// is unavailable, or failing t when RequireEnv is "1" (CI installed it, so
// it must run).
func ForTest(t testing.TB) *Harness {
	t.Helper()
	h, err := New(Config{})
	if err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%v (%s=1 requires the harness)", err, RequireEnv)
		} else {
			t.Skipf("%v: this test runs transactions in LiteSVM", err)
		}
		return nil
	}
	return h
}

// Account is an account's state: preloaded in a Request, or read back in a
// Result.
type Account struct {
	Address    solana.PublicKey
	Lamports   uint64
	Owner      solana.PublicKey
	Executable bool
	Data       []byte
}

// Request is one run: Accounts set before the first transaction, the
// Transactions (base64, as an SvmPayload holds them) run in order, and the
// Watch accounts read after the last.
type Request struct {
	Accounts     []Account
	Transactions []string
	Watch        []solana.PublicKey
	// Slot, when non-zero, warps the runtime to it before anything runs.
	Slot uint64
	// WarpBefore, when set, has one slot per transaction: a non-zero one
	// warps the runtime to it before that transaction runs (a lookup
	// table's addresses are usable only in a slot after the one that
	// extended it).
	WarpBefore []uint64
}

// TxResult is one transaction's outcome.
type TxResult struct {
	// Err is the runtime's error, as "InstructionError(1, Custom(6000))"
	// or "InsufficientFundsForFee"; empty when it succeeded.
	Err          string
	Logs         []string
	ComputeUnits uint64
}

// OK reports whether the transaction succeeded.
func (r TxResult) OK() bool { return r.Err == "" }

// Result is the outcome of a Request: one TxResult per transaction, and
// each watched account's post-state (nil when it does not exist).
type Result struct {
	Transactions []TxResult
	Accounts     map[solana.PublicKey]*Account
}

// wire shapes of runner.js; u64s travel as decimal strings (JSON numbers
// lose precision past 2^53).
type wireAccount struct {
	Address    string `json:"address"`
	Lamports   string `json:"lamports"`
	Owner      string `json:"owner"`
	Executable bool   `json:"executable"`
	Data       string `json:"data"`
}

type wireRequest struct {
	Accounts     []wireAccount `json:"accounts"`
	Transactions []string      `json:"transactions"`
	Watch        []string      `json:"watch"`
	Slot         uint64        `json:"slot,omitempty"`
	Warps        []uint64      `json:"warps,omitempty"`
}

type wireResult struct {
	Transactions []struct {
		OK           bool     `json:"ok"`
		Err          string   `json:"err"`
		Logs         []string `json:"logs"`
		ComputeUnits string   `json:"computeUnits"`
	} `json:"transactions"`
	Accounts map[string]*wireAccount `json:"accounts"`
}

// Run runs req in a fresh LiteSVM. Its error is about the harness (node
// failed, bad output, a transaction it could not decode); a transaction
// the runtime rejects is a TxResult with Err.
func (h *Harness) Run(ctx context.Context, req Request) (*Result, error) {
	res, err := h.RunAll(ctx, req)
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// RunAll is Run for each of reqs, each in a fresh LiteSVM, in one node
// process: starting node and loading the runtime is most of a run's time.
func (h *Harness) RunAll(ctx context.Context, reqs ...Request) ([]*Result, error) {
	if len(reqs) == 0 {
		return nil, nil
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, h.timeout)
		defer cancel()
	}
	ws := make([]wireRequest, len(reqs))
	for i, req := range reqs {
		if req.WarpBefore != nil && len(req.WarpBefore) != len(req.Transactions) {
			return nil, fmt.Errorf("litesvm: request %d: %d warps for %d transactions", i, len(req.WarpBefore), len(req.Transactions))
		}
		w := wireRequest{Transactions: req.Transactions, Slot: req.Slot, Warps: req.WarpBefore}
		for _, a := range req.Accounts {
			w.Accounts = append(w.Accounts, wireAccount{
				Address: a.Address.String(), Lamports: strconv.FormatUint(a.Lamports, 10), Owner: a.Owner.String(),
				Executable: a.Executable, Data: base64.StdEncoding.EncodeToString(a.Data),
			})
		}
		for _, k := range req.Watch {
			w.Watch = append(w.Watch, k.String())
		}
		ws[i] = w
	}
	in, err := json.Marshal(ws)
	if err != nil {
		return nil, fmt.Errorf("litesvm: encoding the request: %w", err)
	}
	cmd := exec.CommandContext(ctx, h.node, "-e", runnerJS)
	// node resolves require() from the working directory for -e.
	cmd.Dir = h.dir
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Past a cancellation node is killed; a child holding its pipes open
	// must not keep Run waiting.
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("litesvm: runner: %w", ctx.Err())
		}
		return nil, fmt.Errorf("litesvm: runner: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	var outs []wireResult
	if err := json.Unmarshal(stdout.Bytes(), &outs); err != nil {
		return nil, fmt.Errorf("litesvm: decoding the runner's output: %w (stderr: %s)", err, strings.TrimSpace(stderr.String()))
	}
	if len(outs) != len(reqs) {
		return nil, fmt.Errorf("litesvm: %d results for %d requests", len(outs), len(reqs))
	}
	results := make([]*Result, len(reqs))
	for i, out := range outs {
		if results[i], err = out.decode(reqs[i]); err != nil {
			return nil, fmt.Errorf("litesvm: request %d: %w", i, err)
		}
	}
	return results, nil
}

func (out *wireResult) decode(req Request) (*Result, error) {
	res := &Result{Accounts: map[solana.PublicKey]*Account{}}
	for _, t := range out.Transactions {
		cu, err := strconv.ParseUint(t.ComputeUnits, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("compute units %q: %w", t.ComputeUnits, err)
		}
		r := TxResult{Err: t.Err, Logs: t.Logs, ComputeUnits: cu}
		if !t.OK && r.Err == "" {
			r.Err = "failed (no error given)"
		}
		res.Transactions = append(res.Transactions, r)
	}
	if len(res.Transactions) != len(req.Transactions) {
		return nil, fmt.Errorf("%d results for %d transactions", len(res.Transactions), len(req.Transactions))
	}
	for _, k := range req.Watch {
		wa, ok := out.Accounts[k.String()]
		if !ok {
			return nil, fmt.Errorf("no post-state for watched account %s", k)
		}
		if wa == nil {
			res.Accounts[k] = nil
			continue
		}
		a, err := wa.decode()
		if err != nil {
			return nil, fmt.Errorf("account %s: %w", k, err)
		}
		res.Accounts[k] = a
	}
	return res, nil
}

func (w *wireAccount) decode() (*Account, error) {
	addr, err := solana.PublicKeyFromBase58(w.Address)
	if err != nil {
		return nil, err
	}
	owner, err := solana.PublicKeyFromBase58(w.Owner)
	if err != nil {
		return nil, err
	}
	lamports, err := strconv.ParseUint(w.Lamports, 10, 64)
	if err != nil {
		return nil, err
	}
	data, err := base64.StdEncoding.DecodeString(w.Data)
	if err != nil {
		return nil, err
	}
	return &Account{Address: addr, Lamports: lamports, Owner: owner, Executable: w.Executable, Data: data}, nil
}

// builtin is the programs LiteSVM has: a payload's instructions calling
// them run in the harness, the others (M0's) cannot.
var builtin = map[solana.PublicKey]bool{
	svm.ComputeBudgetProgram: true, svm.AssociatedTokenProgram: true, svm.TokenProgram: true,
	svm.Token2022Program: true, svm.SystemProgram: true, LookupTableProgram: true,
	solana.MemoProgramID: true,
}

// Runnable splits a payload's transaction (base64, as an SvmPayload holds
// it) into what LiteSVM can run and what it cannot: the same transaction
// (fee payer, blockhash, lookup table, instruction order) less the
// instructions of programs LiteSVM lacks, which are returned for the
// caller to check against their IDL instead. A v0 transaction's lookups
// are resolved against table (nil for a legacy one).
func Runnable(transaction string, table *svm.LookupTable) (string, []*solana.GenericInstruction, error) {
	tx, err := svm.Decode(transaction)
	if err != nil {
		return "", nil, fmt.Errorf("litesvm: %w", err)
	}
	ixs, err := svm.Instructions(tx, table)
	if err != nil {
		return "", nil, fmt.Errorf("litesvm: %w", err)
	}
	var keep []solana.Instruction
	var left []*solana.GenericInstruction
	for _, ix := range ixs {
		if builtin[ix.ProgramID()] {
			keep = append(keep, ix)
		} else {
			left = append(left, ix)
		}
	}
	if len(keep) == 0 {
		return "", left, errors.New("litesvm: the transaction calls no program LiteSVM has")
	}
	cfg := svm.TxConfig{FeePayer: tx.Message.AccountKeys[0], RecentBlockhash: tx.Message.RecentBlockhash}
	if len(tx.Message.GetAddressTableLookups()) > 0 {
		cfg.LookupTable = table
	}
	out, err := svm.Build(keep, cfg)
	if err != nil {
		return "", nil, fmt.Errorf("litesvm: %w", err)
	}
	p, err := svm.Payload(orchestration.Solana, out)
	if err != nil {
		return "", nil, fmt.Errorf("litesvm: %w", err)
	}
	return p.Transaction, left, nil
}
