package svmtest

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"

	"github.com/gagliardetto/solana-go"
	"github.com/mr-tron/base58"

	"github.com/m0-orchestration/m0/svm"
)

// Instruction is an instruction of a Transaction the fake node holds, its
// accounts as keys.
type Instruction struct {
	Program  solana.PublicKey
	Accounts []solana.PublicKey
	Data     []byte
	// StackHeight is what the node reports (2 for an instruction an outer
	// one invoked); zero reports none, as nodes before 1.16 did.
	StackHeight int
}

// Transaction is a transaction on the fake node's ledger, answered by
// getSignaturesForAddress, getSignatureStatuses and getTransaction in the
// real JSON shapes (getTransaction in the json encoding, version 0).
type Transaction struct {
	// Signature is its id; zero means one the node makes up.
	Signature solana.Signature
	// Slot is where it landed; zero means the node's slot.
	Slot uint64
	// BlockTime is its block's time; zero means 1_700_000_000 + Slot.
	BlockTime int64
	// Err is its error as the node writes it (for example
	// map[string]any{"InstructionError": []any{0, map[string]any{"Custom": 6001}}});
	// nil for a transaction that succeeded.
	Err any
	// Instructions are its outer instructions; Inner the instructions
	// each invoked, by outer index.
	Instructions []Instruction
	Inner        map[int][]Instruction
	// Loaded are keys the transaction loads from an address lookup table
	// (read-only) rather than naming them in its message.
	Loaded []solana.PublicKey
	Logs   []string
	// Balances are token accounts' balances before and after (meta's
	// pre/postTokenBalances; empty lists when nil).
	Balances []Balance
}

// keys is tx's account keys as the message lists them, then the loaded
// ones.
func (tx *Transaction) keys() (static, loaded []solana.PublicKey) {
	seen := map[solana.PublicKey]bool{}
	add := func(k solana.PublicKey) {
		if seen[k] {
			return
		}
		seen[k] = true
		if slices.Contains(tx.Loaded, k) {
			loaded = append(loaded, k)
		} else {
			static = append(static, k)
		}
	}
	all := slices.Clone(tx.Instructions)
	for i := range tx.Instructions {
		all = append(all, tx.Inner[i]...)
	}
	for _, ix := range all {
		for _, a := range ix.Accounts {
			add(a)
		}
		add(ix.Program)
	}
	return static, loaded
}

// AddTransaction puts tx on the ledger, after every transaction of its
// slot, and returns its signature.
func (r *RPC) AddTransaction(tx Transaction) solana.Signature {
	r.mu.Lock()
	defer r.mu.Unlock()
	if tx.Slot == 0 {
		tx.Slot = r.slot
	}
	if tx.BlockTime == 0 {
		tx.BlockTime = 1_700_000_000 + int64(tx.Slot)
	}
	if tx.Signature.IsZero() {
		r.minted++
		h := sha256.Sum256(fmt.Appendf(nil, "svmtest transaction %d", r.minted))
		copy(tx.Signature[:], h[:])
		copy(tx.Signature[32:], h[:])
	}
	i := len(r.ledger)
	for i > 0 && r.ledger[i-1].Slot > tx.Slot {
		i--
	}
	r.ledger = slices.Insert(r.ledger, i, tx)
	return tx.Signature
}

// Reorg drops every transaction of slot from on, as a re-org onto a fork
// without them would.
func (r *RPC) Reorg(from uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ledger = slices.DeleteFunc(r.ledger, func(tx Transaction) bool { return tx.Slot >= from })
}

// Hide makes getTransaction answer null for sig while on (a node whose
// ledger lags its index), though the listings still name it.
func (r *RPC) Hide(sig solana.Signature, on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.hidden == nil {
		r.hidden = map[solana.Signature]bool{}
	}
	r.hidden[sig] = on
}

// MaxBatch makes the node refuse, with HTTP 413, a request of more than n
// calls; zero lifts the limit.
func (r *RPC) MaxBatch(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.maxBatch = n
}

// SignatureQueries lists the options of every getSignaturesForAddress
// answered (before, until, limit, commitment), in order.
func (r *RPC) SignatureQueries() []SignatureQuery {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.sigQueries)
}

// SignatureQuery is the options of one getSignaturesForAddress.
type SignatureQuery struct {
	Address    string
	Before     string `json:"before"`
	Until      string `json:"until"`
	Limit      int    `json:"limit"`
	Commitment string `json:"commitment"`
}

// visible is the ledger up to the node's slot.
func (r *RPC) visible() []Transaction {
	var out []Transaction
	for _, tx := range r.ledger {
		if tx.Slot <= r.slot {
			out = append(out, tx)
		}
	}
	return out
}

// find is the visible transaction whose signature is sig. It compares
// bytes, not base58 text: a benchmark's backlog of thousands would
// otherwise spend its time encoding signatures.
func (r *RPC) find(sig string) (Transaction, bool) {
	want, err := solana.SignatureFromBase58(sig)
	if err != nil {
		return Transaction{}, false
	}
	for _, tx := range r.ledger {
		if tx.Slot <= r.slot && tx.Signature == want {
			return tx, true
		}
	}
	return Transaction{}, false
}

// signaturesFor answers getSignaturesForAddress: the transactions naming
// the address, newest first, below before (none when before is unknown,
// as the real node answers) and above until (ignored when unknown).
func (r *RPC) signaturesFor(c request) (any, *rpcError) {
	var q SignatureQuery
	if len(c.Params) == 0 || json.Unmarshal(c.Params[0], &q.Address) != nil {
		return nil, &rpcError{Code: -32602, Message: "Invalid params"}
	}
	if len(c.Params) > 1 && json.Unmarshal(c.Params[1], &q) != nil {
		return nil, &rpcError{Code: -32602, Message: "Invalid params"}
	}
	r.sigQueries = append(r.sigQueries, q)
	addr, err := solana.PublicKeyFromBase58(q.Address)
	if err != nil {
		return nil, &rpcError{Code: -32602, Message: "Invalid param: Invalid"}
	}
	limit := q.Limit
	if limit == 0 {
		limit = svm.MaxSignaturesPerCall
	}
	if limit < 1 || limit > svm.MaxSignaturesPerCall {
		return nil, &rpcError{Code: -32602, Message: "Invalid limit; max 1000"}
	}
	txs := r.visible()
	var naming []Transaction
	for _, tx := range txs {
		static, loaded := tx.keys()
		if slices.Contains(static, addr) || slices.Contains(loaded, addr) {
			naming = append(naming, tx)
		}
	}
	slices.Reverse(naming)
	start := 0
	if q.Before != "" {
		start = slices.IndexFunc(naming, func(tx Transaction) bool { return tx.Signature.String() == q.Before })
		if start < 0 {
			return []any{}, nil
		}
		start++
	}
	out := []any{}
	for _, tx := range naming[start:] {
		if tx.Signature.String() == q.Until || len(out) == limit {
			break
		}
		out = append(out, map[string]any{"signature": tx.Signature.String(), "slot": tx.Slot, "err": tx.Err, "memo": nil,
			"blockTime": tx.BlockTime, "confirmationStatus": "finalized"})
	}
	return out, nil
}

// statuses answers getSignatureStatuses.
func (r *RPC) statuses(c request) (any, *rpcError) {
	var sigs []string
	if len(c.Params) == 0 || json.Unmarshal(c.Params[0], &sigs) != nil {
		return nil, &rpcError{Code: -32602, Message: "Invalid params"}
	}
	value := make([]any, len(sigs))
	for i, s := range sigs {
		if tx, ok := r.find(s); ok {
			status := map[string]any{"Ok": nil}
			if tx.Err != nil {
				status = map[string]any{"Err": tx.Err}
			}
			value[i] = map[string]any{"slot": tx.Slot, "confirmations": nil, "err": tx.Err, "status": status, "confirmationStatus": "finalized"}
		}
	}
	return map[string]any{"context": map[string]any{"slot": r.slot, "apiVersion": "2.1.0"}, "value": value}, nil
}

// transaction answers getTransaction in the json encoding.
func (r *RPC) transaction(c request) (any, *rpcError) {
	var sig string
	if len(c.Params) == 0 || json.Unmarshal(c.Params[0], &sig) != nil {
		return nil, &rpcError{Code: -32602, Message: "Invalid params"}
	}
	var cfg struct {
		Encoding string `json:"encoding"`
		Version  *int   `json:"maxSupportedTransactionVersion"`
	}
	if len(c.Params) > 1 {
		_ = json.Unmarshal(c.Params[1], &cfg)
	}
	if cfg.Encoding != "json" {
		return nil, &rpcError{Code: -32602, Message: "svmtest answers getTransaction in the json encoding only"}
	}
	tx, ok := r.find(sig)
	if !ok || r.hidden[tx.Signature] {
		return nil, nil
	}
	if len(tx.Loaded) > 0 && cfg.Version == nil {
		return nil, &rpcError{Code: -32015, Message: "Transaction version (0) is not supported by the requesting client"}
	}
	static, loaded := tx.keys()
	index := map[solana.PublicKey]int{}
	for i, k := range append(slices.Clone(static), loaded...) {
		index[k] = i
	}
	wire := func(ix Instruction) map[string]any {
		accounts := make([]int, len(ix.Accounts))
		for i, a := range ix.Accounts {
			accounts[i] = index[a]
		}
		w := map[string]any{"programIdIndex": index[ix.Program], "accounts": accounts, "data": base58.Encode(ix.Data)}
		if ix.StackHeight != 0 {
			w["stackHeight"] = ix.StackHeight
		} else {
			w["stackHeight"] = nil
		}
		return w
	}
	outer := make([]any, len(tx.Instructions))
	inner := []any{}
	for i, ix := range tx.Instructions {
		outer[i] = wire(ix)
		if len(tx.Inner[i]) > 0 {
			group := make([]any, len(tx.Inner[i]))
			for j, in := range tx.Inner[i] {
				group[j] = wire(in)
			}
			inner = append(inner, map[string]any{"index": i, "instructions": group})
		}
	}
	keys := make([]string, len(static))
	for i, k := range static {
		keys[i] = k.String()
	}
	loadedKeys := make([]string, len(loaded))
	for i, k := range loaded {
		loadedKeys[i] = k.String()
	}
	status := map[string]any{"Ok": nil}
	if tx.Err != nil {
		status = map[string]any{"Err": tx.Err}
	}
	logs := tx.Logs
	if logs == nil {
		logs = []string{}
	}
	preBals, postBals := tokenBalances(tx.Balances, index)
	var version any = "legacy"
	if cfg.Version != nil {
		version = 0
	}
	return map[string]any{
		"slot": tx.Slot, "blockTime": tx.BlockTime, "version": version,
		"transaction": map[string]any{
			"signatures": []string{tx.Signature.String()},
			"message": map[string]any{
				"header":          map[string]any{"numRequiredSignatures": 1, "numReadonlySignedAccounts": 0, "numReadonlyUnsignedAccounts": 0},
				"accountKeys":     keys,
				"recentBlockhash": r.blockhash.String(),
				"instructions":    outer,
			},
		},
		"meta": map[string]any{
			"err": tx.Err, "status": status, "fee": 5000, "preBalances": []any{}, "postBalances": []any{},
			"innerInstructions": inner, "logMessages": logs,
			"preTokenBalances": preBals, "postTokenBalances": postBals,
			"loadedAddresses":      map[string]any{"writable": []string{}, "readonly": loadedKeys},
			"computeUnitsConsumed": 0,
		},
	}, nil
}

// ---------------------------------------------------------------- order-book events

// EmitCPITag is the first 8 bytes of an Anchor emit_cpi instruction:
// Anchor's EVENT_IX_TAG_LE, sha256("anchor:event")[..8] read as a
// big-endian u64 and written little-endian.
var EmitCPITag = svm.EventTag[:]

// EventData is an Anchor event's bytes: its discriminator
// (sha256("event:<name>")[..8]) and fields in Borsh. A field is a [32]byte
// or solana.PublicKey (32 bytes), a uint64, uint32, uint16 or uint8
// (little-endian), a bool, or a *big.Int (a u128, little-endian).
func EventData(name string, fields ...any) []byte {
	h := sha256.Sum256([]byte("event:" + name))
	return appendBorsh(slices.Clone(h[:8]), fields...)
}

func appendBorsh(b []byte, fields ...any) []byte {
	for _, f := range fields {
		switch v := f.(type) {
		case [32]byte:
			b = append(b, v[:]...)
		case solana.PublicKey:
			b = append(b, v[:]...)
		case uint64:
			b = binary.LittleEndian.AppendUint64(b, v)
		case uint32:
			b = binary.LittleEndian.AppendUint32(b, v)
		case uint16:
			b = binary.LittleEndian.AppendUint16(b, v)
		case uint8:
			b = append(b, v)
		case bool:
			if v {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		case *big.Int:
			be := v.FillBytes(make([]byte, 16))
			slices.Reverse(be)
			b = append(b, be...)
		default:
			panic(fmt.Sprintf("svmtest: no Borsh encoding of %T", f))
		}
	}
	return b
}

// Emit is the self-CPI by which program (an Anchor program) emits event
// (EventData) with emit_cpi!: to itself, with its event authority
// (["__event_authority"]) as the only account, data EmitCPITag ‖ event.
func Emit(program solana.PublicKey, event []byte) Instruction {
	return Instruction{Program: program, Accounts: []solana.PublicKey{svm.EventAuthority(program)},
		Data: append(slices.Clone(EmitCPITag), event...), StackHeight: 2}
}

// OrderParams are the arguments of the order book's open_order.
type OrderParams struct {
	DestChainID             uint32
	CreatedAt, FillDeadline uint64
	TokenOut                [32]byte
	AmountIn                uint64
	AmountOut               *big.Int
	Recipient, Solver       [32]byte
}

// OpenOrder is the order book's open_order instruction with params: its
// accounts as the IDL lists them, payer first and the order (the PDA of
// id) eighth; the rest are stand-ins (sender is the token authority).
func OpenOrder(program, payer, sender, tokenIn solana.PublicKey, id [32]byte, p OrderParams) Instruction {
	h := sha256.Sum256([]byte("global:open_order"))
	data := appendBorsh(slices.Clone(h[:8]), p.DestChainID, p.CreatedAt, p.FillDeadline, p.TokenOut, p.AmountIn, p.AmountOut, p.Recipient, p.Solver)
	filler := func(s string) solana.PublicKey { h := sha256.Sum256([]byte(s)); return solana.PublicKeyFromBytes(h[:]) }
	return Instruction{Program: program, StackHeight: 1, Data: data, Accounts: []solana.PublicKey{
		payer, sender, svm.Global(program), svm.OrderBookDestination(program, p.DestChainID), tokenIn, filler("sender token account"),
		filler("sender nonce"), svm.OrderPDA(program, id), filler("order token account"), solana.TokenProgramID,
		solana.SPLAssociatedTokenAccountProgramID, solana.SystemProgramID, svm.EventAuthority(program), program}}
}

// Call is an outer instruction of program under which events are
// emitted: a stand-in for the order book's other instructions (a fill, a
// cancel), with payer as its first account.
func Call(program, payer solana.PublicKey, name string) Instruction {
	h := sha256.Sum256([]byte("global:" + name))
	return Instruction{Program: program, StackHeight: 1, Data: h[:8], Accounts: []solana.PublicKey{payer, svm.EventAuthority(program), program}}
}

// EventTx is a transaction of one outer instruction that emits events
// (EventData) by self-CPI, as the order book does.
func EventTx(program solana.PublicKey, outer Instruction, events ...[]byte) Transaction {
	inner := make([]Instruction, len(events))
	for i, e := range events {
		inner[i] = Emit(program, e)
	}
	return Transaction{Instructions: []Instruction{outer}, Inner: map[int][]Instruction{0: inner}}
}

// Slot is the slot the node answers at (its head).
func (r *RPC) Slot() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.slot
}
