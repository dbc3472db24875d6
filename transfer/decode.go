package transfer

import (
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

var (
	portalABI   = contracts.MustABI("Portal")
	facilityABI = contracts.MustABI("SwapFacility")
	bookABI     = contracts.MustABI("OrderBook")

	evTokenSent        = portalABI.Events["TokenSent"]
	evFillReportSent   = portalABI.Events["FillReportSent"]
	evCancelReportSent = portalABI.Events["CancelReportSent"]
	evSwapped          = facilityABI.Events["Swapped"]
	evSwappedInM       = facilityABI.Events["SwappedInM"]
	evSwappedOutM      = facilityABI.Events["SwappedOutM"]
	evOrderOpened      = bookABI.Events["OrderOpened"]
	evOrderFilled      = bookABI.Events["OrderFilled"]
	evOrderCancelled   = bookABI.Events["OrderCancelled"]

	// The destination Portal's receive events; each carries the message id
	// as the last word of its data (not indexed), so the delivery is found
	// by the events' topics and matched by that word.
	receiveEvents = []abi.Event{portalABI.Events["TokenReceived"], portalABI.Events["FillReportReceived"], portalABI.Events["CancelReportReceived"]}

	// The bindings' parsers of the three contracts' logs; they never call
	// a node.
	portalLogs   = mustParser(bindings.NewPortalFilterer)
	facilityLogs = mustParser(bindings.NewSwapFacilityFilterer)
	bookLogs     = mustParser(bindings.NewOrderBookFilterer)

	// ERC-20's events, which every catalog token emits.
	topicTransfer = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))
	topicApproval = crypto.Keccak256Hash([]byte("Approval(address,address,uint256)"))
)

// Book is what decoding needs of one chain of the catalog: its contracts
// and its tokens.
type Book struct {
	Chain     asset.ChainInfo
	Portal    common.Address
	Facility  common.Address
	OrderBook common.Address
	Router    common.Address
	// Others are the catalog's other contracts on the chain (Contracts.Others).
	Others map[common.Address]bool
	// Tokens are the catalog's tokens on the chain, by address, with M's
	// address (M, when the catalog lists it).
	Tokens map[common.Address]bool
	M      common.Address
}

// NewBook is the Book of an EVM chain of cat.
func NewBook(cat *asset.Catalog, info asset.ChainInfo) Book {
	b := Book{Chain: info, Others: map[common.Address]bool{}, Tokens: map[common.Address]bool{}}
	addr := func(s string) common.Address {
		if !common.IsHexAddress(s) {
			return common.Address{}
		}
		return common.HexToAddress(s)
	}
	b.Portal, b.Facility, b.OrderBook, b.Router = addr(info.Contracts.Portal), addr(info.Contracts.SwapFacility), addr(info.Contracts.OrderBook), addr(info.Contracts.SwapRouter)
	for _, a := range info.Contracts.Others {
		if x := addr(a); x != (common.Address{}) {
			b.Others[x] = true
		}
	}
	for _, a := range cat.Assets() {
		if a.Chain != info.Name || !common.IsHexAddress(a.Address) {
			continue
		}
		b.Tokens[common.HexToAddress(a.Address)] = true
		if a.Symbol == "M" {
			b.M = common.HexToAddress(a.Address)
		}
	}
	return b
}

// Recognizes reports whether a transaction calling to may be a payload the
// service builds: every payload calls a contract of the catalog's address
// book or one of its tokens (an approve), as the quote engine's payload
// guard requires.
func (b Book) Recognizes(to common.Address) bool {
	if to == (common.Address{}) {
		return false
	}
	return to == b.Portal || to == b.Facility || to == b.OrderBook || to == b.Router || b.Others[to] || b.Tokens[to]
}

func (b Book) contract(a common.Address) bool {
	return a != (common.Address{}) && (a == b.Portal || a == b.Facility || a == b.OrderBook || a == b.Router || b.Others[a])
}

// Decode reads what a successful transaction from sender to to did from
// its logs: the swaps of the SwapFacility, a swap through the router (by
// the tokens' Transfer events), the Portal's messages (with their ids and
// destinations, delivery not yet looked for: PENDING), the OrderBook's
// orders (status not yet read) and allowances granted to the catalog's
// contracts. What the Portal itself swaps inside a transfer (the SwapFacility
// converting the sent extension to M) is part of the bridge step, not a
// swap of its own. The destination chain is left empty; Tracker fills it
// from the catalog.
func (b Book) Decode(sender, to common.Address, logs []*types.Log) []orchestration.TransferStep {
	var steps []orchestration.TransferStep
	hex := func(a common.Address) string { return a.Hex() }
	chain := b.Chain.Name
	for _, l := range logs {
		if len(l.Topics) == 0 {
			continue
		}
		t0 := l.Topics[0]
		switch {
		case l.Address == b.Facility && b.Facility != (common.Address{}):
			m := ""
			if b.M != (common.Address{}) {
				m = hex(b.M)
			}
			// What went in and out (M for the InM/OutM side), to whom.
			var in, out string
			var recipient common.Address
			var amount *big.Int
			switch t0 {
			case evSwapped.ID:
				if e, ok := parse(evSwapped, facilityLogs.ParseSwapped, l); ok {
					in, out, recipient, amount = hex(e.ExtensionIn), hex(e.ExtensionOut), e.Recipient, e.Amount
				}
			case evSwappedInM.ID:
				if e, ok := parse(evSwappedInM, facilityLogs.ParseSwappedInM, l); ok {
					in, out, recipient, amount = m, hex(e.ExtensionOut), e.Recipient, e.Amount
				}
			case evSwappedOutM.ID:
				if e, ok := parse(evSwappedOutM, facilityLogs.ParseSwappedOutM, l); ok {
					in, out, recipient, amount = hex(e.ExtensionIn), m, e.Recipient, e.Amount
				}
			}
			if amount == nil {
				continue // another event, or a malformed one
			}
			if recipient == b.Portal && b.Portal != (common.Address{}) {
				continue // the Portal's own conversion of what it sends or receives
			}
			steps = append(steps, orchestration.TransferStep{Kind: orchestration.StepSwap, Contract: hex(b.Facility),
				TokenIn: in, TokenOut: out, Recipient: hex(recipient), AmountIn: amount.String(), AmountOut: amount.String()})
		case l.Address == b.Portal && b.Portal != (common.Address{}):
			var s orchestration.TransferStep
			var dest uint64
			var id common.Hash
			switch t0 {
			case evTokenSent.ID:
				e, ok := parse(evTokenSent, portalLogs.ParseTokenSent, l)
				if !ok {
					continue
				}
				dest, id = uint64(e.DestinationChainId), e.MessageId
				s = orchestration.TransferStep{TokenIn: hex(e.SourceToken), AmountIn: e.Amount.String(), AmountOut: e.Amount.String(),
					TokenOut: bytes32Hex(e.DestinationToken), Recipient: bytes32Hex(e.Recipient)}
			case evFillReportSent.ID:
				e, ok := parse(evFillReportSent, portalLogs.ParseFillReportSent, l)
				if !ok {
					continue
				}
				dest, id = uint64(e.DestinationChainId), e.MessageId
			case evCancelReportSent.ID:
				e, ok := parse(evCancelReportSent, portalLogs.ParseCancelReportSent, l)
				if !ok {
					continue
				}
				dest, id = uint64(e.DestinationChainId), e.MessageId
			default:
				continue
			}
			s.Kind, s.Contract = orchestration.StepBridge, hex(b.Portal)
			s.Bridge = &orchestration.BridgeDelivery{MessageID: id.Hex(), DestinationChainID: dest, Status: orchestration.DeliveryPending}
			steps = append(steps, s)
		case l.Address == b.OrderBook && b.OrderBook != (common.Address{}):
			var s orchestration.TransferStep
			var id common.Hash
			switch t0 {
			case evOrderOpened.ID:
				e, ok := parse(evOrderOpened, bookLogs.ParseOrderOpened, l)
				if !ok {
					continue
				}
				id = e.OrderId
				s = orchestration.TransferStep{TokenIn: hex(e.TokenIn), AmountIn: e.AmountIn.String(),
					TokenOut: bytes32Hex(e.TokenOut), AmountOut: e.AmountOut.String()}
			case evOrderFilled.ID:
				e, ok := parse(evOrderFilled, bookLogs.ParseOrderFilled, l)
				if !ok {
					continue
				}
				id, s.AmountOut = e.OrderId, e.AmountOutFilled.String()
			case evOrderCancelled.ID:
				e, ok := parse(evOrderCancelled, bookLogs.ParseOrderCancelled, l)
				if !ok {
					continue
				}
				id = e.OrderId
			default:
				continue
			}
			s.Kind, s.Contract = orchestration.StepLimitOrder, hex(b.OrderBook)
			s.Order = &orchestration.TransferOrder{OriginChain: chain, OrderID: id.Hex()}
			steps = append(steps, s)
		case t0 == topicApproval && b.Tokens[l.Address] && len(l.Topics) == 3 && len(l.Data) == 32:
			spender := topicAddr(l, 2)
			if topicAddr(l, 1) != sender || !b.contract(spender) {
				continue
			}
			steps = append(steps, orchestration.TransferStep{Kind: orchestration.StepApprove, Contract: hex(l.Address),
				TokenIn: hex(l.Address), AmountIn: new(big.Int).SetBytes(l.Data).String(), Spender: hex(spender)})
		}
	}
	if to == b.Router && b.Router != (common.Address{}) {
		if s, ok := routerSwap(b, sender, logs); ok {
			steps = append(steps, s)
		}
	}
	return steps
}

// routerSwap reads a swap through the Uniswap router from the tokens'
// Transfer events, which every pool and router emits alike whatever their
// version: what left the sender first is the input, the last transfer of
// another token is the output and its receiver the recipient.
func routerSwap(b Book, sender common.Address, logs []*types.Log) (orchestration.TransferStep, bool) {
	var in, out *types.Log
	for _, l := range logs {
		if len(l.Topics) != 3 || l.Topics[0] != topicTransfer || len(l.Data) != 32 {
			continue
		}
		if in == nil && topicAddr(l, 1) == sender {
			in = l
		} else if in != nil && l.Address != in.Address {
			out = l
		}
	}
	if in == nil || out == nil {
		return orchestration.TransferStep{}, false
	}
	return orchestration.TransferStep{Kind: orchestration.StepSwap, Contract: b.Router.Hex(),
		TokenIn: in.Address.Hex(), AmountIn: new(big.Int).SetBytes(in.Data).String(),
		TokenOut: out.Address.Hex(), AmountOut: new(big.Int).SetBytes(out.Data).String(), Recipient: topicAddr(out, 2).Hex()}, true
}

// deliveryOf returns the message id a destination Portal's receive log
// carries, if it is one.
func deliveryOf(l types.Log) (common.Hash, bool) {
	if len(l.Topics) == 0 {
		return common.Hash{}, false
	}
	var id [32]byte
	ok := false
	switch ev := l.Topics[0]; ev {
	case receiveEvents[0].ID:
		var e *bindings.PortalTokenReceived
		if e, ok = parse(receiveEvents[0], portalLogs.ParseTokenReceived, &l); ok {
			id = e.MessageId
		}
	case receiveEvents[1].ID:
		var e *bindings.PortalFillReportReceived
		if e, ok = parse(receiveEvents[1], portalLogs.ParseFillReportReceived, &l); ok {
			id = e.MessageId
		}
	case receiveEvents[2].ID:
		var e *bindings.PortalCancelReportReceived
		if e, ok = parse(receiveEvents[2], portalLogs.ParseCancelReportReceived, &l); ok {
			id = e.MessageId
		}
	}
	return id, ok
}

// parse decodes l, a log of ev, with parser, one of the bindings' Parse
// methods; ok is false for a malformed log (topics or data not ev's). The
// bindings leave ev's data fields zero for a log without data, which is
// as malformed as data that does not unpack.
func parse[E any](ev abi.Event, parser func(types.Log) (*E, error), l *types.Log) (e *E, ok bool) {
	if len(l.Data) == 0 && len(ev.Inputs.NonIndexed()) > 0 {
		return nil, false
	}
	e, err := parser(*l)
	return e, err == nil
}

// mustParser is a bindings Filterer used only to parse logs.
func mustParser[F any](newFilterer func(common.Address, bind.ContractFilterer) (*F, error)) *F {
	f, err := newFilterer(common.Address{}, nil)
	if err != nil {
		panic(err)
	}
	return f
}

func topicAddr(l *types.Log, i int) common.Address {
	if i < 1 || i >= len(l.Topics) {
		return common.Address{}
	}
	return common.BytesToAddress(l.Topics[i].Bytes())
}

// bytes32Hex shows a bytes32 that holds an EVM address (left-padded) as the
// address, and any other (a Solana account) as the 32 bytes.
func bytes32Hex(b [32]byte) string {
	if strings.Count(common.Bytes2Hex(b[:12]), "0") == 24 {
		return common.BytesToAddress(b[12:]).Hex()
	}
	return common.Hash(b).Hex()
}
