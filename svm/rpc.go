package svm

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gagliardetto/solana-go"
	"github.com/mr-tron/base58"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/roundtrip"
	"github.com/m0-orchestration/m0/orchestration"
)

// MaxAccountsPerCall is the most accounts one getMultipleAccounts may ask
// for on Solana's JSON-RPC.
const MaxAccountsPerCall = 100

// ClusterConfig is one Solana cluster a Client reads.
type ClusterConfig struct {
	// Name is the catalog's chain (Solana, SolanaDevnet). Required.
	Name orchestration.Chain
	// URL is the cluster's JSON-RPC endpoint over HTTP(S). It may carry an
	// API key: errors never show it. Required.
	URL string
}

// ClientConfig configures NewClient.
type ClientConfig struct {
	Clusters []ClusterConfig
	// HTTPClient sends the requests; nil means http.DefaultClient. Its
	// transport pools and redials connections, so a node that went away
	// and came back is used again without a restart.
	HTTPClient *http.Client
	// MaxAccountsPerCall caps the accounts of one getMultipleAccounts call
	// of a batch; 0 means MaxAccountsPerCall (the RPC's own limit).
	MaxAccountsPerCall int
	// MaxResponseBytes caps a response body; 0 means 64 MiB.
	MaxResponseBytes int64
	// Registerer receives orchestration_svm_round_trips_total{chain} and
	// orchestration_svm_read_errors_total{chain}; nil registers no metrics.
	Registerer prometheus.Registerer
}

// ErrUnknownCluster is returned (wrapped) for a chain the Client was not
// configured with.
var ErrUnknownCluster = errors.New("svm: cluster not configured")

// Client reads Solana clusters over JSON-RPC, one HTTP round trip per read:
// a JSON-RPC batch of getMultipleAccounts calls (base64 data, at most
// MaxAccountsPerCall accounts each) and getLatestBlockhash; or of getSlot,
// getSignatureStatuses and getSignaturesForAddress (ScanSignatures); or
// of getTransaction calls (Transactions). solana-go's
// rpc.Client sends one call per request, so the batch is framed here; the
// answers decode into solana-go's types. Every trip is counted in the
// context's roundtrip counter (evm.WithTrips) under the cluster's chain.
// It is safe for concurrent use.
type Client struct {
	clusters map[orchestration.Chain]ClusterConfig
	order    []orchestration.Chain
	http     *http.Client
	perCall  int
	maxBody  int64
	metrics  *metrics
}

// NewClient validates cfg and returns a Client. Cluster names must be
// distinct, each with a URL.
func NewClient(cfg ClientConfig) (*Client, error) {
	c := &Client{clusters: map[orchestration.Chain]ClusterConfig{}, http: cfg.HTTPClient, perCall: cfg.MaxAccountsPerCall, maxBody: cfg.MaxResponseBytes}
	if c.http == nil {
		c.http = http.DefaultClient
	}
	if c.perCall <= 0 || c.perCall > MaxAccountsPerCall {
		c.perCall = MaxAccountsPerCall
	}
	if c.maxBody <= 0 {
		c.maxBody = 64 << 20
	}
	for i, cl := range cfg.Clusters {
		switch {
		case cl.Name == "":
			return nil, fmt.Errorf("svm: cluster %d has no name", i)
		case cl.URL == "":
			return nil, fmt.Errorf("svm: cluster %s has no RPC URL", cl.Name)
		}
		if _, dup := c.clusters[cl.Name]; dup {
			return nil, fmt.Errorf("svm: cluster %s is configured twice", cl.Name)
		}
		c.clusters[cl.Name] = cl
		c.order = append(c.order, cl.Name)
	}
	m, err := newMetrics(cfg.Registerer, c.order)
	if err != nil {
		return nil, fmt.Errorf("svm: metrics: %w", err)
	}
	c.metrics = m
	return c, nil
}

// Has reports whether chain is configured.
func (c *Client) Has(chain orchestration.Chain) bool {
	_, ok := c.clusters[chain]
	return ok
}

// Clusters returns the configured chains in configuration order.
func (c *Client) Clusters() []orchestration.Chain { return slices.Clone(c.order) }

// Account is an account as the cluster answered it.
type Account struct {
	Data       []byte
	Owner      solana.PublicKey
	Lamports   uint64
	Executable bool
	RentEpoch  uint64
	Space      uint64
}

// Snapshot is one round trip's answers.
type Snapshot struct {
	// Slot is the highest context slot of the answers: every account was
	// read at Slot or, when the batch's calls were served at consecutive
	// slots, just before it.
	Slot uint64
	// Accounts holds an entry for every key asked: nil when the account
	// does not exist.
	Accounts map[solana.PublicKey]*Account
	// Blockhash is the cluster's latest blockhash, for a transaction's
	// RecentBlockhash, and LastValidBlockHeight the block height after
	// which a transaction using it expires.
	Blockhash            solana.Hash
	LastValidBlockHeight uint64
}

// ReadOptions qualify Read.
type ReadOptions struct {
	// MinContextSlot, when non-zero, makes the node refuse to answer from
	// a slot older than it, so a later read phase never sees an earlier
	// state than the first. Solana's RPC cannot read a past slot.
	MinContextSlot uint64
}

// Read reads keys (duplicates are read once) and the latest blockhash on
// chain in one HTTP round trip. Errors name the cluster and what failed,
// never the endpoint URL; ErrUnknownCluster is wrapped for a chain the
// Client does not have.
func (c *Client) Read(ctx context.Context, chain orchestration.Chain, keys []solana.PublicKey, opts ReadOptions) (*Snapshot, error) {
	cl, ok := c.clusters[chain]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownCluster, chain)
	}
	keys = uniqueKeys(keys)
	var calls []rpcCall
	for start := 0; start < len(keys); start += c.perCall {
		chunk := keys[start:min(start+c.perCall, len(keys))]
		calls = append(calls, rpcCall{method: "getMultipleAccounts", params: []any{chunk, rpcConfig("base64", opts.MinContextSlot)}})
	}
	calls = append(calls, rpcCall{method: "getLatestBlockhash", params: []any{rpcConfig("", opts.MinContextSlot)}})
	snap, err := c.read(ctx, cl, keys, calls)
	if err != nil {
		c.metrics.readError(chain)
		return nil, unavailable(ctx, chain, err)
	}
	return snap, nil
}

// UnavailableRetry is the retry hint of an UnavailableError: about the
// time a Solana RPC node takes to recover from a hiccup (a few seconds of
// 400 ms slots), as the EVM reader's is a few polling intervals.
const UnavailableRetry = 2 * time.Second

// UnavailableError is a read that failed because the cluster's node did
// not answer usefully: unreachable, an HTTP status other than 200, an
// answer that is no JSON-RPC, a server-side JSON-RPC error (-32603, or
// -32000 to -32099: unhealthy, behind, slot not reached), or slower than
// the caller's deadline (see roundtrip.UnavailableError). A quote that
// fails for it is a QuoteError naming the cluster with Retry-After. Its
// message starts "svm:".
type UnavailableError = roundtrip.UnavailableError

// nodeError marks a failure of the node itself in batch (transport, HTTP
// status, an answer that is no JSON-RPC), as opposed to an answer that
// decodes to something wrong.
type nodeError struct {
	err    error
	status int // the HTTP status of an answer other than 200
}

func (e *nodeError) Error() string { return e.err.Error() }
func (e *nodeError) Unwrap() error { return e.err }

// unavailable wraps err as an *UnavailableError when the node failed
// rather than the request (a malformed call, a caller that gave up).
func unavailable(ctx context.Context, chain orchestration.Chain, err error) error {
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return err // the caller gave up: no outage
	}
	_, down := errors.AsType[*nodeError](err)
	if rpcErr, ok := errors.AsType[*RPCError](err); ok {
		down = rpcErr.Code == -32603 || (rpcErr.Code <= -32000 && rpcErr.Code >= -32099)
	}
	if !down && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &UnavailableError{Runtime: "svm", Chain: chain, RetryAfter: UnavailableRetry, Err: err}
}

// read is Read's round trip and decoding.
func (c *Client) read(ctx context.Context, cl ClusterConfig, keys []solana.PublicKey, calls []rpcCall) (*Snapshot, error) {
	chain := cl.Name
	results, err := c.batch(ctx, cl, calls)
	if err != nil {
		return nil, err
	}
	snap := &Snapshot{Accounts: make(map[solana.PublicKey]*Account, len(keys))}
	for i, raw := range results[:len(results)-1] {
		chunk := keys[i*c.perCall : min((i+1)*c.perCall, len(keys))]
		var res struct {
			Context rpcContext        `json:"context"`
			Value   []json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(raw, &res); err != nil {
			return nil, fmt.Errorf("svm: %s: getMultipleAccounts: decoding the answer: %w", chain, err)
		}
		if len(res.Value) != len(chunk) {
			return nil, fmt.Errorf("svm: %s: getMultipleAccounts answered %d of %d accounts", chain, len(res.Value), len(chunk))
		}
		snap.Slot = max(snap.Slot, res.Context.Slot)
		for j, v := range res.Value {
			a, err := decodeAccount(v)
			if err != nil {
				return nil, fmt.Errorf("svm: %s: getMultipleAccounts: account %s: %w", chain, chunk[j], err)
			}
			snap.Accounts[chunk[j]] = a
		}
	}
	var bh struct {
		Context rpcContext `json:"context"`
		Value   struct {
			Blockhash            solana.Hash `json:"blockhash"`
			LastValidBlockHeight uint64      `json:"lastValidBlockHeight"`
		} `json:"value"`
	}
	if err := json.Unmarshal(results[len(results)-1], &bh); err != nil {
		return nil, fmt.Errorf("svm: %s: getLatestBlockhash: decoding the answer: %w", chain, err)
	}
	if bh.Value.Blockhash.IsZero() {
		return nil, fmt.Errorf("svm: %s: getLatestBlockhash answered no blockhash", chain)
	}
	snap.Slot = max(snap.Slot, bh.Context.Slot)
	snap.Blockhash, snap.LastValidBlockHeight = bh.Value.Blockhash, bh.Value.LastValidBlockHeight
	if snap.Slot == 0 {
		return nil, fmt.Errorf("svm: %s: the answers carry no slot", chain)
	}
	return snap, nil
}

func uniqueKeys(keys []solana.PublicKey) []solana.PublicKey {
	seen := make(map[solana.PublicKey]bool, len(keys))
	out := make([]solana.PublicKey, 0, len(keys))
	for _, k := range keys {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

func rpcConfig(encoding string, minSlot uint64) map[string]any {
	m := map[string]any{"commitment": "confirmed"}
	if encoding != "" {
		m["encoding"] = encoding
	}
	if minSlot != 0 {
		m["minContextSlot"] = minSlot
	}
	return m
}

type rpcContext struct {
	Slot uint64 `json:"slot"`
}

// decodeAccount decodes one entry of getMultipleAccounts' value: null for
// a missing account, else an account with base64 data.
func decodeAccount(raw json.RawMessage) (*Account, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var v struct {
		Data       []string         `json:"data"`
		Owner      solana.PublicKey `json:"owner"`
		Lamports   uint64           `json:"lamports"`
		Executable bool             `json:"executable"`
		RentEpoch  json.Number      `json:"rentEpoch"`
		Space      uint64           `json:"space"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	if len(v.Data) != 2 || v.Data[1] != "base64" {
		return nil, fmt.Errorf("data is not [<base64>, \"base64\"]")
	}
	data, err := base64.StdEncoding.DecodeString(v.Data[0])
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	// rentEpoch is u64::MAX for rent-exempt accounts, which some nodes
	// send as a float: anything that is not a u64 counts as the maximum.
	rent, err := strconv.ParseUint(v.RentEpoch.String(), 10, 64)
	if err != nil {
		rent = ^uint64(0)
	}
	return &Account{Data: data, Owner: v.Owner, Lamports: v.Lamports, Executable: v.Executable, RentEpoch: rent, Space: v.Space}, nil
}

type rpcCall struct {
	method string
	params []any
}

// RPCError is a JSON-RPC error the cluster answered to one call of a batch.
type RPCError struct {
	Cluster orchestration.Chain
	Method  string
	Code    int
	Message string
}

func (e *RPCError) Error() string {
	return fmt.Sprintf("svm: %s: %s: RPC error %d: %s", e.Cluster, e.Method, e.Code, orchestration.Clip(e.Message))
}

// batch sends calls as one JSON-RPC batch (one HTTP round trip, counted)
// and returns each call's result in order.
func (c *Client) batch(ctx context.Context, cl ClusterConfig, calls []rpcCall) ([]json.RawMessage, error) {
	type request struct {
		JSONRPC string `json:"jsonrpc"`
		ID      int    `json:"id"`
		Method  string `json:"method"`
		Params  []any  `json:"params"`
	}
	reqs := make([]request, len(calls))
	for i, call := range calls {
		reqs[i] = request{JSONRPC: "2.0", ID: i, Method: call.method, Params: call.params}
	}
	body, err := json.Marshal(reqs)
	if err != nil {
		return nil, fmt.Errorf("svm: %s: encoding the request: %w", cl.Name, err)
	}
	what := fmt.Sprintf("batch of %d calls", len(calls))
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("svm: %s: %s: %w", cl.Name, what, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cl.URL, bytes.NewReader(body))
	if err != nil {
		// The message of a URL parse error holds the URL.
		return nil, fmt.Errorf("svm: %s: the RPC URL is malformed", cl.Name)
	}
	req.Header.Set("Content-Type", "application/json")
	roundtrip.Count(ctx, cl.Name)
	c.metrics.trip(cl.Name)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, &nodeError{err: fmt.Errorf("svm: %s: %s: %w", cl.Name, what, roundtrip.Redact(err))}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		return nil, &nodeError{err: fmt.Errorf("svm: %s: %s: reading the answer: %w", cl.Name, what, roundtrip.Redact(err))}
	}
	if resp.StatusCode != http.StatusOK {
		return nil, &nodeError{err: fmt.Errorf("svm: %s: %s: HTTP %s", cl.Name, what, resp.Status), status: resp.StatusCode}
	}
	if int64(len(raw)) > c.maxBody {
		return nil, fmt.Errorf("svm: %s: %s: the answer is over %d bytes", cl.Name, what, c.maxBody)
	}
	var answers []struct {
		ID     *int            `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(raw, &answers); err != nil {
		// A node that cannot parse the batch answers one error object.
		var single struct {
			Error *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &single) == nil && single.Error != nil {
			return nil, &RPCError{Cluster: cl.Name, Method: "batch", Code: single.Error.Code, Message: single.Error.Message}
		}
		return nil, &nodeError{err: fmt.Errorf("svm: %s: %s: the answer is not a JSON-RPC batch: %w", cl.Name, what, err)}
	}
	out := make([]json.RawMessage, len(calls))
	for _, a := range answers {
		if a.ID == nil || *a.ID < 0 || *a.ID >= len(calls) || out[*a.ID] != nil {
			return nil, fmt.Errorf("svm: %s: %s: an answer with a bad or repeated id", cl.Name, what)
		}
		if a.Error != nil {
			return nil, &RPCError{Cluster: cl.Name, Method: calls[*a.ID].method, Code: a.Error.Code, Message: a.Error.Message}
		}
		if len(a.Result) == 0 {
			return nil, fmt.Errorf("svm: %s: %s: answer %d has neither result nor error", cl.Name, calls[*a.ID].method, *a.ID)
		}
		out[*a.ID] = a.Result
	}
	for i, r := range out {
		if r == nil {
			return nil, fmt.Errorf("svm: %s: %s: no answer to call %d (%s)", cl.Name, what, i, calls[i].method)
		}
	}
	return out, nil
}

// TokenAmount decodes the amount of an SPL Token or Token-2022 token
// account: the little-endian u64 at offset 64 (after the mint and the
// owner). Token-2022 extensions follow the 165-byte base layout, so the
// offset holds for both programs. It fails on data shorter than 72 bytes.
func TokenAmount(data []byte) (uint64, error) {
	if len(data) < 72 {
		return 0, fmt.Errorf("svm: a token account of %d bytes: want at least 72", len(data))
	}
	return leUint64(data[64:72]), nil
}

func leUint64(b []byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// MintDecimals decodes the decimals of an SPL Token or Token-2022 mint:
// the byte at offset 44 of the 82-byte base layout.
func MintDecimals(data []byte) (uint8, error) {
	if len(data) < 82 {
		return 0, fmt.Errorf("svm: a mint of %d bytes: want at least 82", len(data))
	}
	return data[44], nil
}

// ---------------------------------------------------------------- signatures and transactions

// MaxSignaturesPerCall is the most signatures one getSignaturesForAddress
// answers on Solana's JSON-RPC.
const MaxSignaturesPerCall = 1000

// SignatureInfo is one entry of getSignaturesForAddress.
type SignatureInfo struct {
	Signature string `json:"signature"`
	Slot      uint64 `json:"slot"`
	// Err is the transaction's error as the node wrote it; nil (JSON null)
	// for a transaction that succeeded.
	Err                json.RawMessage `json:"err"`
	Memo               *string         `json:"memo"`
	BlockTime          *int64          `json:"blockTime"`
	ConfirmationStatus string          `json:"confirmationStatus"`
}

// Failed reports whether the transaction failed (its effects, events
// included, were rolled back).
func (s SignatureInfo) Failed() bool { return failed(s.Err) }

func failed(err json.RawMessage) bool { return len(err) != 0 && string(err) != "null" }

// SignatureStatus is one entry of getSignatureStatuses: where the
// transaction landed.
type SignatureStatus struct {
	Slot               uint64          `json:"slot"`
	Err                json.RawMessage `json:"err"`
	ConfirmationStatus string          `json:"confirmationStatus"`
}

// SignatureQuery is what ScanSignatures reads in one round trip.
type SignatureQuery struct {
	// Address is the account whose transactions are listed (a program's
	// id lists the transactions that name it, outer or inner).
	Address solana.PublicKey
	// Before and Until bound the listing, newest first: it starts below
	// Before (or at the newest transaction) and stops above Until, both
	// excluded; empty means unbounded. A node that does not know Until
	// ignores it.
	Before, Until string
	// Limit is the most signatures answered, 1 to MaxSignaturesPerCall;
	// zero means MaxSignaturesPerCall.
	Limit int
	// Commitment is "confirmed" or "finalized"; empty means "confirmed".
	Commitment string
	// Check lists signatures whose statuses are read too (searching the
	// transaction history, not only recent slots).
	Check []string
	// NoList skips getSignaturesForAddress: only the slot and Check.
	NoList bool
}

// SignatureScan is ScanSignatures' answer.
type SignatureScan struct {
	// Slot is the newest slot of the commitment (getSlot).
	Slot uint64
	// Signatures is the listing, newest first.
	Signatures []SignatureInfo
	// Checked holds the status of each of Check in order: nil for a
	// signature the node does not have.
	Checked []*SignatureStatus
}

// ScanSignatures reads the cluster's slot, the statuses of q.Check and a
// page of q.Address's signatures in one HTTP round trip (getSlot,
// getSignatureStatuses, getSignaturesForAddress). Errors name the cluster,
// never the URL.
func (c *Client) ScanSignatures(ctx context.Context, chain orchestration.Chain, q SignatureQuery) (*SignatureScan, error) {
	cl, ok := c.clusters[chain]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownCluster, chain)
	}
	commitment, err := commitmentOf(q.Commitment)
	if err != nil {
		return nil, err
	}
	limit := q.Limit
	if limit == 0 {
		limit = MaxSignaturesPerCall
	}
	if limit < 0 || limit > MaxSignaturesPerCall {
		return nil, fmt.Errorf("svm: %s: getSignaturesForAddress: limit %d is not 1 to %d", chain, limit, MaxSignaturesPerCall)
	}
	calls := []rpcCall{{method: "getSlot", params: []any{map[string]any{"commitment": commitment}}}}
	if len(q.Check) > 0 {
		calls = append(calls, rpcCall{method: "getSignatureStatuses", params: []any{q.Check, map[string]any{"searchTransactionHistory": true}}})
	}
	if !q.NoList {
		opts := map[string]any{"commitment": commitment, "limit": limit}
		if q.Before != "" {
			opts["before"] = q.Before
		}
		if q.Until != "" {
			opts["until"] = q.Until
		}
		calls = append(calls, rpcCall{method: "getSignaturesForAddress", params: []any{q.Address.String(), opts}})
	}
	results, err := c.batch(ctx, cl, calls)
	if err != nil {
		c.metrics.readError(chain)
		return nil, unavailable(ctx, chain, err)
	}
	scan := &SignatureScan{}
	if err := json.Unmarshal(results[0], &scan.Slot); err != nil || scan.Slot == 0 {
		return nil, fmt.Errorf("svm: %s: getSlot: the answer %s is no slot", chain, orchestration.Clip(string(results[0])))
	}
	results = results[1:]
	if len(q.Check) > 0 {
		var st struct {
			Value []*SignatureStatus `json:"value"`
		}
		if err := json.Unmarshal(results[0], &st); err != nil {
			return nil, fmt.Errorf("svm: %s: getSignatureStatuses: decoding the answer: %w", chain, err)
		}
		if len(st.Value) != len(q.Check) {
			return nil, fmt.Errorf("svm: %s: getSignatureStatuses answered %d of %d signatures", chain, len(st.Value), len(q.Check))
		}
		scan.Checked = st.Value
		results = results[1:]
	}
	if !q.NoList {
		if err := json.Unmarshal(results[0], &scan.Signatures); err != nil {
			return nil, fmt.Errorf("svm: %s: getSignaturesForAddress: decoding the answer: %w", chain, err)
		}
		if len(scan.Signatures) > limit {
			return nil, fmt.Errorf("svm: %s: getSignaturesForAddress answered %d signatures, over the limit %d", chain, len(scan.Signatures), limit)
		}
	}
	return scan, nil
}

// commitmentOf is the commitment c names, "confirmed" for empty; the
// listing of signatures does not serve "processed".
func commitmentOf(c string) (string, error) {
	switch c {
	case "":
		return "confirmed", nil
	case "confirmed", "finalized":
		return c, nil
	}
	return "", fmt.Errorf("svm: commitment %q is not confirmed or finalized", c)
}

// Transaction is a transaction as getTransaction answers it in the json
// encoding, with its account keys resolved.
type Transaction struct {
	Signatures []string
	Slot       uint64
	// BlockTime is its block's Unix time; zero when the node does not say.
	BlockTime int64
	// Version is "legacy" or the version number ("0").
	Version string
	// AccountKeys are the message's static keys followed by the keys its
	// address lookup tables loaded (writable, then read-only): what
	// ProgramIDIndex and Accounts index.
	AccountKeys []solana.PublicKey
	// Instructions are the message's (outer) instructions.
	Instructions []CompiledInstruction
	// Err is the transaction's error (nil when it succeeded).
	Err json.RawMessage
	// Inner lists the inner instructions of each outer instruction that
	// made any (cross-program invocations, emit_cpi events among them).
	Inner       []InnerInstructions
	LogMessages []string
	// PreTokenBalances and PostTokenBalances are the SPL token accounts'
	// balances before and after, as meta lists them (nil when the node
	// does not say), so that what a transfer paid out can be read without
	// another round trip.
	PreTokenBalances, PostTokenBalances []TokenBalance
}

// TokenBalance is a token account's balance in a transaction's meta.
type TokenBalance struct {
	// AccountIndex indexes Transaction.AccountKeys.
	AccountIndex uint16
	Mint         solana.PublicKey
	// Owner is the account's owner; zero when the node does not say.
	Owner solana.PublicKey
	// Amount is the balance in base units.
	Amount *big.Int
}

// TokenDelta is how much the balance of the token account key (of mint)
// changed in t: post − pre, an account missing from either side counting
// as zero; ok is false when meta lists the account on neither side.
func (t *Transaction) TokenDelta(key solana.PublicKey) (mint solana.PublicKey, delta *big.Int, ok bool) {
	delta = new(big.Int)
	for _, side := range []struct {
		bals []TokenBalance
		sign int
	}{{t.PreTokenBalances, -1}, {t.PostTokenBalances, 1}} {
		for _, b := range side.bals {
			if t.key(b.AccountIndex) != key || b.Amount == nil {
				continue
			}
			mint, ok = b.Mint, true
			if side.sign < 0 {
				delta.Sub(delta, b.Amount)
			} else {
				delta.Add(delta, b.Amount)
			}
		}
	}
	return mint, delta, ok
}

// Failed reports whether the transaction failed.
func (t *Transaction) Failed() bool { return failed(t.Err) }

// CompiledInstruction is an instruction with its accounts as indexes into
// Transaction.AccountKeys.
type CompiledInstruction struct {
	ProgramIDIndex uint16
	Accounts       []uint16
	Data           []byte
	// StackHeight is 1 for an outer instruction, 2 for one it invoked and
	// so on; zero when the node does not say.
	StackHeight int
}

// InnerInstructions are the instructions invoked under outer instruction
// Index, in the order they ran.
type InnerInstructions struct {
	Index        int
	Instructions []CompiledInstruction
}

// Program is the program ix invokes, or the zero key for an index out of
// range.
func (t *Transaction) Program(ix CompiledInstruction) solana.PublicKey {
	return t.key(ix.ProgramIDIndex)
}

// Account is the i-th account of ix, or the zero key when it has none.
func (t *Transaction) Account(ix CompiledInstruction, i int) solana.PublicKey {
	if i < 0 || i >= len(ix.Accounts) {
		return solana.PublicKey{}
	}
	return t.key(ix.Accounts[i])
}

func (t *Transaction) key(i uint16) solana.PublicKey {
	if int(i) >= len(t.AccountKeys) {
		return solana.PublicKey{}
	}
	return t.AccountKeys[i]
}

// Transactions reads the transactions sigs at commitment ("" for
// "confirmed") with one getTransaction each (json encoding, versions up to
// 0), all in one HTTP round trip; the answer has an entry per signature,
// nil for one the node does not have. A node refusing a batch that large
// fails it with an error BatchRefused recognises.
func (c *Client) Transactions(ctx context.Context, chain orchestration.Chain, sigs []string, commitment string) ([]*Transaction, error) {
	cl, ok := c.clusters[chain]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownCluster, chain)
	}
	commitment, err := commitmentOf(commitment)
	if err != nil {
		return nil, err
	}
	if len(sigs) == 0 {
		return nil, nil
	}
	calls := make([]rpcCall, len(sigs))
	opts := map[string]any{"encoding": "json", "maxSupportedTransactionVersion": 0, "commitment": commitment}
	for i, s := range sigs {
		calls[i] = rpcCall{method: "getTransaction", params: []any{s, opts}}
	}
	results, err := c.batch(ctx, cl, calls)
	if err != nil {
		c.metrics.readError(chain)
		return nil, unavailable(ctx, chain, err)
	}
	out := make([]*Transaction, len(sigs))
	for i, raw := range results {
		if string(raw) == "null" {
			continue
		}
		tx, err := decodeTransaction(raw)
		if err != nil {
			return nil, fmt.Errorf("svm: %s: getTransaction %s: %w", chain, sigs[i], err)
		}
		if len(tx.Signatures) == 0 || tx.Signatures[0] != sigs[i] {
			return nil, fmt.Errorf("svm: %s: getTransaction %s answered another transaction", chain, sigs[i])
		}
		out[i] = tx
	}
	return out, nil
}

// wireInstruction is an instruction in getTransaction's json encoding.
type wireInstruction struct {
	ProgramIDIndex uint16   `json:"programIdIndex"`
	Accounts       []uint16 `json:"accounts"`
	Data           string   `json:"data"`
	StackHeight    *int     `json:"stackHeight"`
}

func (w wireInstruction) decode() (CompiledInstruction, error) {
	data, err := base58Decode(w.Data)
	if err != nil {
		return CompiledInstruction{}, fmt.Errorf("instruction data: %w", err)
	}
	ix := CompiledInstruction{ProgramIDIndex: w.ProgramIDIndex, Accounts: w.Accounts, Data: data}
	if w.StackHeight != nil {
		ix.StackHeight = *w.StackHeight
	}
	return ix, nil
}

// wireBalance is a token balance in getTransaction's meta.
type wireBalance struct {
	AccountIndex  uint16 `json:"accountIndex"`
	Mint          string `json:"mint"`
	Owner         string `json:"owner"`
	UITokenAmount struct {
		Amount string `json:"amount"`
	} `json:"uiTokenAmount"`
}

func (w wireBalance) decode() (TokenBalance, error) {
	b := TokenBalance{AccountIndex: w.AccountIndex}
	var err error
	if b.Mint, err = solana.PublicKeyFromBase58(w.Mint); err != nil {
		return b, fmt.Errorf("token balance of account %d: mint: %w", w.AccountIndex, err)
	}
	if w.Owner != "" {
		if b.Owner, err = solana.PublicKeyFromBase58(w.Owner); err != nil {
			return b, fmt.Errorf("token balance of account %d: owner: %w", w.AccountIndex, err)
		}
	}
	amt, ok := new(big.Int).SetString(w.UITokenAmount.Amount, 10)
	if !ok || amt.Sign() < 0 {
		return b, fmt.Errorf("token balance of account %d: amount %q is not a base-unit integer", w.AccountIndex, orchestration.Clip(w.UITokenAmount.Amount))
	}
	b.Amount = amt
	return b, nil
}

func base58Decode(s string) ([]byte, error) {
	if s == "" {
		return nil, nil
	}
	return base58.Decode(s)
}

// decodeTransaction decodes getTransaction's json-encoded answer.
func decodeTransaction(raw json.RawMessage) (*Transaction, error) {
	var v struct {
		Slot        uint64          `json:"slot"`
		BlockTime   *int64          `json:"blockTime"`
		Version     json.RawMessage `json:"version"`
		Transaction struct {
			Signatures []string `json:"signatures"`
			Message    struct {
				AccountKeys  []solana.PublicKey `json:"accountKeys"`
				Instructions []wireInstruction  `json:"instructions"`
			} `json:"message"`
		} `json:"transaction"`
		Meta *struct {
			Err               json.RawMessage `json:"err"`
			InnerInstructions []struct {
				Index        int               `json:"index"`
				Instructions []wireInstruction `json:"instructions"`
			} `json:"innerInstructions"`
			LoadedAddresses *struct {
				Writable []solana.PublicKey `json:"writable"`
				Readonly []solana.PublicKey `json:"readonly"`
			} `json:"loadedAddresses"`
			LogMessages       []string      `json:"logMessages"`
			PreTokenBalances  []wireBalance `json:"preTokenBalances"`
			PostTokenBalances []wireBalance `json:"postTokenBalances"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("decoding the answer: %w", err)
	}
	if v.Meta == nil {
		return nil, errors.New("the answer has no meta (the node keeps no transaction status)")
	}
	tx := &Transaction{Signatures: v.Transaction.Signatures, Slot: v.Slot, Version: strings.Trim(string(v.Version), `"`),
		Err: v.Meta.Err, LogMessages: v.Meta.LogMessages}
	if v.BlockTime != nil {
		tx.BlockTime = *v.BlockTime
	}
	if string(tx.Err) == "null" {
		tx.Err = nil
	}
	tx.AccountKeys = v.Transaction.Message.AccountKeys
	if l := v.Meta.LoadedAddresses; l != nil {
		tx.AccountKeys = append(append(tx.AccountKeys, l.Writable...), l.Readonly...)
	}
	for _, w := range v.Transaction.Message.Instructions {
		ix, err := w.decode()
		if err != nil {
			return nil, err
		}
		tx.Instructions = append(tx.Instructions, ix)
	}
	for _, side := range []struct {
		wire []wireBalance
		out  *[]TokenBalance
	}{{v.Meta.PreTokenBalances, &tx.PreTokenBalances}, {v.Meta.PostTokenBalances, &tx.PostTokenBalances}} {
		for _, w := range side.wire {
			b, err := w.decode()
			if err != nil {
				return nil, err
			}
			*side.out = append(*side.out, b)
		}
	}
	for _, group := range v.Meta.InnerInstructions {
		in := InnerInstructions{Index: group.Index}
		for _, w := range group.Instructions {
			ix, err := w.decode()
			if err != nil {
				return nil, err
			}
			in.Instructions = append(in.Instructions, ix)
		}
		tx.Inner = append(tx.Inner, in)
	}
	return tx, nil
}

// BatchRefused reports whether err is a node refusing a request for its
// size (HTTP 400 or 413, an error answering the whole batch, or a call
// answered "invalid request" or "limit exceeded"), which a smaller batch
// may cure.
func BatchRefused(err error) bool {
	if ne, ok := errors.AsType[*nodeError](err); ok {
		return ne.status == http.StatusBadRequest || ne.status == http.StatusRequestEntityTooLarge
	}
	if re, ok := errors.AsType[*RPCError](err); ok {
		return re.Method == "batch" || re.Code == -32600 || re.Code == -32005
	}
	return false
}
