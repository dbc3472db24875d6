package svmorders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"github.com/gagliardetto/solana-go"
	"github.com/mr-tron/base58"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
)

// Defaults of EventSourceConfig's zero values.
const (
	// DefaultPageSize is the signatures one getSignaturesForAddress lists
	// (the RPC's own maximum) and the transactions one Events call reads.
	DefaultPageSize = svm.MaxSignaturesPerCall
	// DefaultTxBatch is the getTransaction calls of one HTTP request:
	// small enough for the batch limits of hosted RPC providers, large
	// enough that a page of 1000 transactions is 20 round trips.
	DefaultTxBatch = 50
	// maxListings bounds the getSignaturesForAddress calls of one Events
	// call: a walk back to the checkpoint longer than that goes on at the
	// next call (the Page asks for it at once).
	maxListings = 10
	// maxForkListings bounds the listings ForkPoint walks back over.
	maxForkListings = 256
)

// HistoryClient is what the EventSource reads a cluster with: its
// signatures, transactions and accounts; *svm.Client implements it.
type HistoryClient interface {
	ScanSignatures(ctx context.Context, chain orchestration.Chain, q svm.SignatureQuery) (*svm.SignatureScan, error)
	Transactions(ctx context.Context, chain orchestration.Chain, sigs []string, commitment string) ([]*svm.Transaction, error)
	Read(ctx context.Context, chain orchestration.Chain, keys []solana.PublicKey, opts svm.ReadOptions) (*svm.Snapshot, error)
}

var _ HistoryClient = (*svm.Client)(nil)

// EventSourceConfig configures NewEventSource.
type EventSourceConfig struct {
	// Name is the cluster's chain, as the Client knows it; it labels logs.
	// Required.
	Name orchestration.Chain
	// ChainID is the chain's M0 id, as orders name it (1399811149 for
	// Solana, 1399811150 for its devnet). Required.
	ChainID uint64
	// Client reads the cluster. Required.
	Client HistoryClient
	// Program is the order book's program id; zero means
	// svm.OrderBookProgramID.
	Program solana.PublicKey
	// Commitment is how settled a transaction must be to be indexed:
	// "confirmed" (the default; a supermajority voted its block, which
	// then practically never leaves the chain) or "finalized" (rooted,
	// about 13 s later, never).
	Commitment string
	// PageSize is the most signatures one getSignaturesForAddress lists
	// and the most transactions one Events call reads (a slot is read
	// whole, though); zero means DefaultPageSize, the RPC's maximum.
	PageSize int
	// TxBatch is the most getTransaction calls sent in one HTTP request;
	// zero means DefaultTxBatch. A node refusing a batch halves it, down
	// to one; it grows back by doubling after each page read.
	TxBatch int
	// Logger receives the batches narrowed; nil means slog.Default().
	Logger *slog.Logger
}

// EventSource reads the order book's events on one Solana cluster for
// order.Indexer. Its cursor is the slot, and an Anchor is a slot with the
// signature of the newest order-book transaction at or before it: the
// listing of the program's signatures resumes after that signature
// (getSignaturesForAddress until), and the chain still has the anchor
// while the signature is there and no other transaction of the program
// landed between it and the slot. Events carry their transaction's
// signature as their BlockHash (Solana's RPC names no block of a
// transaction short of reading the block), and a slot's events are
// numbered across its transactions in the order the node lists them.
// Like every order.EventSource it is used from one goroutine.
type EventSource struct {
	cfg       EventSourceConfig
	logger    *slog.Logger
	authority solana.PublicKey // the program's event authority
	batch     int              // getTransaction calls per request now
	pend      *pending
}

var _ order.EventSource = (*EventSource)(nil)

// pending is a walk over the program's signatures, for the read (next,
// last): while walking, the listings so far; once it reached the
// checkpoint, the signatures not yet returned, oldest first.
type pending struct {
	next   uint64
	last   order.Anchor
	head   uint64
	until  string // the checkpoint's signature the listing stops at
	before string // where the next listing of an unfinished walk starts
	walked bool
	// listed is the walk's signatures, newest first; once walked, sigs
	// are those of slot next on, oldest first.
	listed []svm.SignatureInfo
	sigs   []svm.SignatureInfo
	// anchor is the signature of the newest transaction of the program
	// before sigs ("" when the program has none).
	anchor string
}

// NewEventSource checks cfg and returns the cluster's EventSource.
func NewEventSource(cfg EventSourceConfig) (*EventSource, error) {
	switch {
	case cfg.Name == "" || cfg.ChainID == 0:
		return nil, errors.New("svmorders: EventSourceConfig needs a name and a chain id")
	case cfg.Client == nil:
		return nil, errors.New("svmorders: EventSourceConfig: " + string(cfg.Name) + " has no Client")
	case cfg.PageSize < 0 || cfg.PageSize > svm.MaxSignaturesPerCall:
		return nil, fmt.Errorf("svmorders: EventSourceConfig: %s: PageSize %d is not 0 to %d", cfg.Name, cfg.PageSize, svm.MaxSignaturesPerCall)
	case cfg.TxBatch < 0:
		return nil, fmt.Errorf("svmorders: EventSourceConfig: %s: TxBatch %d is negative", cfg.Name, cfg.TxBatch)
	}
	switch cfg.Commitment {
	case "":
		cfg.Commitment = "confirmed"
	case "confirmed", "finalized":
	default:
		return nil, fmt.Errorf("svmorders: EventSourceConfig: %s: Commitment %q is not confirmed or finalized", cfg.Name, cfg.Commitment)
	}
	if cfg.Program.IsZero() {
		cfg.Program = svm.OrderBookProgramID
	}
	if cfg.PageSize == 0 {
		cfg.PageSize = DefaultPageSize
	}
	if cfg.TxBatch == 0 {
		cfg.TxBatch = DefaultTxBatch
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	return &EventSource{cfg: cfg, logger: logger.With("chain", cfg.Name), authority: svm.EventAuthority(cfg.Program), batch: cfg.TxBatch}, nil
}

// Events reads the order book's transactions of slots next.. and returns
// their events, oldest first. It lists the program's signatures from the
// newest back to the checkpoint (last's signature, or the first of a slot
// before next), PageSize at a time, in the same round trip as the slot and
// the status of last's signature (gone, or another transaction of the
// program in a slot already read: order.ErrReorg); then reads the
// transactions of up to PageSize signatures, whole slots, TxBatch per
// request, skipping the failed ones. A page that reads up to the newest
// signature ends at the cluster's slot; one that leaves signatures for the
// next call ends at the slot of its last one and asks for more.
func (s *EventSource) Events(ctx context.Context, next uint64, last order.Anchor) (order.Page, error) {
	p := s.pend
	if p == nil || p.next != next || p.last != last {
		if last != (order.Anchor{}) {
			if err := checkSignature(last.Hash); err != nil {
				return order.Page{}, fmt.Errorf("svmorders: %s: the anchor of slot %d: %w", s.cfg.Name, last.Number, err)
			}
		}
		p = &pending{next: next, last: last}
		if last != (order.Anchor{}) && next > last.Number {
			p.until = last.Hash
		}
		s.pend = p
	}
	if !p.walked {
		if err := s.walk(ctx, p); err != nil {
			s.pend = nil
			return order.Page{Head: p.head}, err
		}
		if !p.walked {
			return order.Page{Head: p.head, More: true}, nil
		}
	}
	page, err := s.read(ctx, p)
	if err != nil {
		s.pend = nil
	}
	return page, err
}

// checkSignature checks that sig is a signature in base58.
func checkSignature(sig string) error {
	b, err := base58.Decode(sig)
	if err != nil || len(b) != 64 {
		return fmt.Errorf("%q is not a transaction signature", sig)
	}
	return nil
}

// walk lists p's signatures, up to maxListings listings; p.walked says
// whether it reached the checkpoint.
func (s *EventSource) walk(ctx context.Context, p *pending) error {
	for range maxListings {
		q := svm.SignatureQuery{Address: s.cfg.Program, Before: p.before, Until: p.until, Limit: s.cfg.PageSize, Commitment: s.cfg.Commitment}
		first := p.before == "" && p.last != (order.Anchor{})
		if first {
			q.Check = []string{p.last.Hash}
		}
		scan, err := s.cfg.Client.ScanSignatures(ctx, s.cfg.Name, q)
		if err != nil {
			return err
		}
		p.head = max(p.head, scan.Slot)
		if first {
			// The newest slot read is still the chain's while its
			// anchor's transaction is.
			st := scan.Checked[0]
			if st == nil || st.Slot > p.last.Number {
				return order.ErrReorg
			}
		}
		p.listed = append(p.listed, scan.Signatures...)
		n := len(scan.Signatures)
		if n > 0 {
			p.before = scan.Signatures[n-1].Signature
		}
		if n < q.Limit || p.until == "" && scan.Signatures[n-1].Slot < p.next {
			return s.walked(p)
		}
	}
	return nil
}

// walked turns p's listings, walked back to the checkpoint, into the
// signatures to read.
func (s *EventSource) walked(p *pending) error {
	p.walked = true
	listed := p.listed
	p.listed = nil
	p.anchor = p.until
	for i, sig := range listed {
		p.head = max(p.head, sig.Slot)
		if p.until != "" && sig.Slot <= p.last.Number {
			// A transaction after the anchor's, in a slot read already:
			// the chain is not the one read.
			return order.ErrReorg
		}
		if sig.Slot < p.next {
			p.anchor = sig.Signature
			listed = listed[:i]
			break
		}
	}
	p.sigs = slices.Clone(listed)
	slices.Reverse(p.sigs)
	return nil
}

// read reads the transactions of the next page of p's signatures.
func (s *EventSource) read(ctx context.Context, p *pending) (order.Page, error) {
	page := order.Page{Head: p.head}
	if p.next > p.head {
		s.pend = nil
		return page, nil
	}
	n := min(len(p.sigs), s.cfg.PageSize)
	for n < len(p.sigs) && n > 0 && p.sigs[n].Slot == p.sigs[n-1].Slot {
		n++ // a slot is read whole
	}
	take := p.sigs[:n]
	var end order.Anchor
	switch {
	case n < len(p.sigs):
		end = order.Anchor{Number: take[n-1].Slot, Hash: take[n-1].Signature}
		page.More = true
	case n > 0:
		end = order.Anchor{Number: p.head, Hash: take[n-1].Signature}
	case p.anchor != "":
		end = order.Anchor{Number: p.head, Hash: p.anchor}
	default:
		// The program has no transaction up to the head: nothing to
		// anchor a read to.
		s.pend = nil
		return page, nil
	}
	events, err := s.events(ctx, p.next, end.Number, take)
	if err != nil {
		return page, err
	}
	page.Events, page.End = events, end
	// What is left is the read from end on.
	p.sigs, p.next, p.last, p.anchor = p.sigs[n:], end.Number+1, end, end.Hash
	if !page.More {
		s.pend = nil // the next read lists the newer signatures
	}
	return page, nil
}

// events reads the transactions of sigs (slots from..to) and decodes
// their order-book events.
func (s *EventSource) events(ctx context.Context, from, to uint64, sigs []svm.SignatureInfo) ([]order.Event, error) {
	var want []svm.SignatureInfo
	for _, sig := range sigs {
		if !sig.Failed() {
			want = append(want, sig)
		}
	}
	txs, err := s.transactions(ctx, want)
	if err != nil {
		return nil, err
	}
	var events []order.Event
	var opens []int // the openings whose funder and deadline are read from their order account
	var slot uint64
	var index uint
	for i, sig := range want {
		tx := txs[i]
		if tx == nil {
			return nil, fmt.Errorf("svmorders: %s: the node lists transaction %s of slot %d but does not answer it", s.cfg.Name, sig.Signature, sig.Slot)
		}
		if tx.Slot != sig.Slot {
			return nil, &order.ForkError{From: from, To: to, Block: sig.Slot}
		}
		if tx.Failed() {
			continue
		}
		if sig.Slot != slot {
			slot, index = sig.Slot, 0
		}
		blockTime := tx.BlockTime
		if blockTime == 0 && sig.BlockTime != nil {
			blockTime = *sig.BlockTime
		}
		var opened map[solana.PublicKey]opening // tx's open_orders, decoded at its first OrderOpened
		for _, data := range s.emitted(tx) {
			ev, ok, err := decodeEvent(data)
			if err != nil {
				return nil, &order.UndecodableError{Block: sig.Slot, Index: index, Tx: sig.Signature, Err: err}
			}
			if !ok {
				continue
			}
			ev.ChainID, ev.Block, ev.Index, ev.BlockHash, ev.BlockTime, ev.Tx = s.cfg.ChainID, sig.Slot, index, sig.Signature, uint64(max(blockTime, 0)), sig.Signature
			index++
			if ev.Kind == order.Opened {
				if opened == nil {
					opened = s.openOrders(tx)
				}
				found, err := s.opening(opened, &ev)
				if err != nil {
					return nil, &order.UndecodableError{Block: ev.Block, Index: ev.Index, Tx: ev.Tx, Err: err}
				}
				if !found {
					opens = append(opens, len(events))
				}
			}
			events = append(events, ev)
		}
	}
	if len(opens) > 0 {
		if err := s.readOpenings(ctx, events, opens); err != nil {
			return nil, err
		}
	}
	return events, nil
}

// emitted is the data (after the emit_cpi tag) of every event the order
// book emitted in tx, in the order it ran: under each outer instruction,
// the instruction itself (never an emit in practice: the event authority
// cannot sign an outer instruction) and then those it invoked.
func (s *EventSource) emitted(tx *svm.Transaction) [][]byte {
	var out [][]byte
	inner := map[int][]svm.CompiledInstruction{}
	for _, g := range tx.Inner {
		inner[g.Index] = append(inner[g.Index], g.Instructions...)
	}
	for i, ix := range tx.Instructions {
		for _, ix := range append([]svm.CompiledInstruction{ix}, inner[i]...) {
			if isEmit(tx, ix, s.cfg.Program, s.authority) {
				out = append(out, ix.Data[8:])
			}
		}
	}
	return out
}

// openOrders are the order book's open_order instructions in tx, outer
// then invoked, by their order account (the first of an account, as the
// program opens an account once).
func (s *EventSource) openOrders(tx *svm.Transaction) map[solana.PublicKey]opening {
	out := map[solana.PublicKey]opening{}
	all := slices.Clone(tx.Instructions)
	for _, g := range tx.Inner {
		all = append(all, g.Instructions...)
	}
	for _, ix := range all {
		if tx.Program(ix) != s.cfg.Program {
			continue
		}
		if o, ok := decodeOpenOrder(tx, ix); ok {
			if _, seen := out[o.order]; !seen {
				out[o.order] = o
			}
		}
	}
	return out
}

// opening fills ev.Opened's funder, created_at and deadline from the
// open_order of its order account (["order", id]) among opened, the
// transaction's; found is false when it has none. An open_order of the
// order that disagrees with the event is an error.
func (s *EventSource) opening(opened map[solana.PublicKey]opening, ev *order.Event) (found bool, err error) {
	o, ok := opened[svm.OrderPDA(s.cfg.Program, ev.OrderID)]
	if !ok {
		return false, nil
	}
	if err := o.matches(*ev); err != nil {
		return false, fmt.Errorf("svmorders: the open_order of order %s: %w", ev.OrderID, err)
	}
	ev.Opened.Funder, ev.Opened.CreatedAt, ev.Opened.FillDeadline = o.payer.String(), int64(o.createdAt), int64(o.fillDeadline)
	return true, nil
}

// readOpenings fills the funder, created_at and deadline of the openings events[at]
// from their order accounts (one round trip), for transactions that opened
// an order without a visible open_order (a program that builds the
// instruction's data otherwise, say).
func (s *EventSource) readOpenings(ctx context.Context, events []order.Event, at []int) error {
	keys := make([]solana.PublicKey, len(at))
	for i, j := range at {
		keys[i] = svm.OrderPDA(s.cfg.Program, events[j].OrderID)
	}
	snap, err := s.cfg.Client.Read(ctx, s.cfg.Name, keys, svm.ReadOptions{})
	if err != nil {
		return err
	}
	for i, j := range at {
		ev := &events[j]
		bad := func(err error) error {
			return &order.UndecodableError{Block: ev.Block, Index: ev.Index, Tx: ev.Tx, Err: err}
		}
		acct := snap.Accounts[keys[i]]
		if acct == nil {
			return bad(fmt.Errorf("svmorders: order %s was opened with no open_order in its transaction, and its account %s is missing", ev.OrderID, keys[i]))
		}
		o, err := svm.DecodeOrder(acct.Data)
		if err != nil {
			return bad(err)
		}
		op := ev.Opened
		if o.Type != svm.NativeOrder || uint64(o.Data.DestChainID) != op.DestChainID || o.Data.TokenOut != op.TokenOut ||
			o.Data.AmountOut.Cmp(op.AmountOut) != 0 || o.Data.AmountIn.Cmp(op.AmountIn) != 0 {
			return bad(fmt.Errorf("svmorders: the account of order %s does not hold the order its opening announced", ev.OrderID))
		}
		op.Funder, op.CreatedAt, op.FillDeadline = o.Payer.String(), int64(o.Data.CreatedAt), int64(o.Data.FillDeadline)
	}
	return nil
}

// transactions reads sigs' transactions, s.batch per request: a node
// refusing a batch halves it (down to one) and the rest is read so; each
// read in full doubles it back towards TxBatch.
func (s *EventSource) transactions(ctx context.Context, sigs []svm.SignatureInfo) ([]*svm.Transaction, error) {
	out := make([]*svm.Transaction, 0, len(sigs))
	for len(out) < len(sigs) {
		chunk := sigs[len(out):min(len(sigs), len(out)+s.batch)]
		ids := make([]string, len(chunk))
		for i, sig := range chunk {
			ids[i] = sig.Signature
		}
		txs, err := s.cfg.Client.Transactions(ctx, s.cfg.Name, ids, s.cfg.Commitment)
		if err != nil {
			if svm.BatchRefused(err) && len(chunk) > 1 {
				s.batch = max(1, min(s.batch, 2*len(chunk))/2)
				s.logger.Info("order index: the node refused a batch of transactions; narrowing it", "transactions", len(chunk), "batch", s.batch, "err", err)
				continue
			}
			return nil, err
		}
		if len(txs) != len(chunk) {
			return nil, fmt.Errorf("svmorders: %s: %d transactions answered of %d", s.cfg.Name, len(txs), len(chunk))
		}
		out = append(out, txs...)
	}
	s.batch = min(s.cfg.TxBatch, s.batch*2)
	return out, nil
}

// ForkPoint returns the newest of kept the chain still has: whose
// signature is, at or before its slot, the newest of the program's. It
// lists the program's signatures from the head back past the oldest slot
// kept, once.
func (s *EventSource) ForkPoint(ctx context.Context, kept []order.Anchor) (order.Anchor, bool, error) {
	if len(kept) == 0 {
		// Still one read, so that a broken node is an error, not a
		// re-index from the start.
		_, err := s.cfg.Client.ScanSignatures(ctx, s.cfg.Name, svm.SignatureQuery{Address: s.cfg.Program, Commitment: s.cfg.Commitment, NoList: true})
		return order.Anchor{}, false, err
	}
	low := kept[0].Number
	for _, k := range kept {
		low = min(low, k.Number)
	}
	var listed []svm.SignatureInfo
	var head uint64
	before := ""
	for i := 0; ; i++ {
		if i == maxForkListings {
			return order.Anchor{}, false, fmt.Errorf("svmorders: %s: over %d signatures of the order book since slot %d: the fork point is past reach",
				s.cfg.Name, maxForkListings*s.cfg.PageSize, low)
		}
		scan, err := s.cfg.Client.ScanSignatures(ctx, s.cfg.Name, svm.SignatureQuery{Address: s.cfg.Program, Before: before, Limit: s.cfg.PageSize, Commitment: s.cfg.Commitment})
		if err != nil {
			return order.Anchor{}, false, err
		}
		head = max(head, scan.Slot)
		listed = append(listed, scan.Signatures...)
		n := len(scan.Signatures)
		if n < s.cfg.PageSize || scan.Signatures[n-1].Slot <= low {
			break
		}
		before = scan.Signatures[n-1].Signature
	}
	for _, k := range kept {
		if k.Number > head {
			continue
		}
		// The newest signature at or before k's slot.
		i := slices.IndexFunc(listed, func(sig svm.SignatureInfo) bool { return sig.Slot <= k.Number })
		if i >= 0 && listed[i].Signature == k.Hash {
			return k, true, nil
		}
	}
	return order.Anchor{}, false, nil
}
