package svmruntime

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

var _ quote.LegChecker = (*Runtime)(nil)

// CheckPayload checks an SVM payload: a transaction that decodes, with
// zero-filled signature slots, whose every instruction is one the svm
// builders make, read back (checkInstruction): a compute budget limit or
// price, the associated token account program's CreateIdempotent, a user
// instruction of a catalog program whose IDL the guard has (ext_swap's
// wrap, unwrap and swap), or a send out of the cluster (the Portal's
// send_token through the Wormhole adapter, the Executor's
// request_for_execution), the order book's open_order
// (checkOpenOrder), its accounts named directly, not through a
// lookup table the guard cannot read. CheckLeg also reads them through a
// lookup table the leg's reads answered. No SPL Token, Token-2022 or System program
// instruction is made here, so none passes: each could move or grant the
// signer's tokens or lamports. The fee payer is checked by CheckFeePayer,
// which needs the funder, and where the tokens go by CheckLeg.
func (r *Runtime) CheckPayload(chain asset.ChainInfo, d orchestration.TransactionPayload) error {
	_, err := r.check(chain, d, nil, nil)
	return err
}

// CheckFeePayer is CheckPayload, and the transaction's fee payer (its
// first signer) must be funder.
func (r *Runtime) CheckFeePayer(chain asset.ChainInfo, d orchestration.TransactionPayload, funder string) error {
	tx, err := r.check(chain, d, nil, nil)
	if err != nil {
		return err
	}
	return checkFeePayer(tx, funder)
}

// CheckLeg is CheckFeePayer with the leg's funder, and every token account
// the transaction creates or an ext_swap call delivers to is the
// recipient's associated token account of the leg's output: a payload
// paying someone else, or creating accounts for them at the funder's
// expense, is refused.
func (r *Runtime) CheckLeg(chain asset.ChainInfo, leg quote.LegRequest, d orchestration.TransactionPayload) error {
	out := &legOutput{recipient: leg.Recipient.String()}
	if leg.To.Chain == leg.From.Chain {
		out.account, out.mint, out.tokenProgram, out.known = tokenAccount(leg.To, leg.Recipient.String())
	} else if dst, ok := r.cat.Chain(leg.To.Chain); ok {
		out.bridge = &bridgeOutput{from: leg.From.Address, to: dst, token: leg.To.Address, recipient: leg.Recipient.Bytes32()}
	}
	if dst, ok := r.cat.Chain(leg.To.Chain); ok {
		if token, err := orchestration.AddressBytes32(dst.Runtime, leg.To.Address); err == nil {
			out.order = &orderOutput{from: leg.From.Address, to: dst, token: token, recipient: leg.Recipient.Bytes32()}
		}
	}
	tx, err := r.check(chain, d, out, StateOf(leg.State))
	if err != nil {
		return err
	}
	return checkFeePayer(tx, leg.Funder.String())
}

// legOutput is where a leg's output goes: the recipient's associated token
// account of the output mint, when the leg ends on its own cluster and the
// catalog knows the mint's token program (known).
type legOutput struct {
	recipient                   string
	account, mint, tokenProgram solana.PublicKey
	known                       bool
	// bridge is, for a leg to another chain, where a Portal send must go.
	bridge *bridgeOutput
	// order is what an order book's open_order must sell and ask for.
	order *orderOutput
}

// orderOutput is what a leg's limit order sells and asks: the mint from
// (base58) for the token (32 bytes) on the chain to, for the recipient's
// 32 bytes.
type orderOutput struct {
	from             string
	to               asset.ChainInfo
	token, recipient [32]byte
}

// bridgeOutput is what a leg leaving the cluster through the Portal sends:
// the mint from (base58) to the token (an EVM address) on to, for the
// recipient's 32 bytes.
type bridgeOutput struct {
	from      string
	to        asset.ChainInfo
	token     string
	recipient [32]byte
}

func checkFeePayer(tx *solana.Transaction, funder string) error {
	want, err := solana.PublicKeyFromBase58(funder)
	if err != nil {
		return fmt.Errorf("funder %q is no Solana address", orchestration.Clip(funder))
	}
	if payer := tx.Message.AccountKeys[0]; !payer.Equals(want) {
		return fmt.Errorf("the fee payer is %s, not the funder %s", payer, want)
	}
	return nil
}

// check is CheckPayload, and, when out is set, checks that the tokens go
// to out.
func (r *Runtime) check(chain asset.ChainInfo, d orchestration.TransactionPayload, out *legOutput, st *State) (*solana.Transaction, error) {
	p := d.SVM
	if p == nil || chain.Runtime != orchestration.RuntimeSVM {
		return nil, fmt.Errorf("chain %s is not an SVM chain of the catalog", d.Chain())
	}
	if p.Chain != chain.Name {
		return nil, fmt.Errorf("the payload is on %s, not %s", p.Chain, chain.Name)
	}
	tx, err := svm.Decode(p.Transaction)
	if err != nil {
		return nil, err
	}
	msg := tx.Message
	h := msg.Header
	if h.NumRequiredSignatures == 0 || len(msg.AccountKeys) == 0 {
		return nil, fmt.Errorf("the transaction has no fee payer")
	}
	if len(tx.Signatures) != int(h.NumRequiredSignatures) {
		return nil, fmt.Errorf("the transaction has %d signature slots for %d signers", len(tx.Signatures), h.NumRequiredSignatures)
	}
	for _, s := range tx.Signatures {
		if !s.IsZero() {
			return nil, fmt.Errorf("the transaction carries a signature: it must be unsigned")
		}
	}
	ixs, err := instructions(tx, st)
	if err != nil {
		return nil, err
	}
	g := guard{chain: chain, payer: msg.AccountKeys[0], out: out, st: st}
	for i, ix := range ixs {
		if err := g.checkInstruction(ix); err != nil {
			return nil, fmt.Errorf("instruction %d: %w", i, err)
		}
	}
	return tx, nil
}

// instructions reads tx's instructions: through its lookup table when it
// names one, which must be an account the leg's reads answered (a table
// the router did not read is not trusted), else from its static keys.
func instructions(tx *solana.Transaction, st *State) ([]*solana.GenericInstruction, error) {
	lookups := tx.Message.GetAddressTableLookups()
	if len(lookups) == 0 || st == nil {
		return svm.StaticInstructions(tx)
	}
	if len(lookups) != 1 {
		return nil, fmt.Errorf("the transaction names %d lookup tables; payloads built here name at most one", len(lookups))
	}
	key := lookups[0].AccountKey
	a, ok := st.Account(key)
	if !ok || a == nil {
		return nil, fmt.Errorf("the transaction names lookup table %s, which the leg's reads did not read", key)
	}
	if !a.Owner.Equals(solana.AddressLookupTableProgramID) {
		return nil, fmt.Errorf("lookup table %s is owned by %s, not the address lookup table program", key, a.Owner)
	}
	table, err := svm.DecodeLookupTable(key, a.Data, st.At())
	if err != nil {
		return nil, err
	}
	return svm.Instructions(tx, table)
}

// guard checks the instructions of one transaction on chain, paid by
// payer.
type guard struct {
	chain asset.ChainInfo
	payer solana.PublicKey
	out   *legOutput // nil when the leg is not known
	st    *State     // the leg's reads; nil when not known
}

// checkInstruction refuses ix unless it is one the svm builders make, as
// they make it (see CheckPayload).
func (g guard) checkInstruction(ix *solana.GenericInstruction) error {
	prog := ix.ProgramID()
	data, _ := ix.Data()
	switch {
	case prog.Equals(svm.ComputeBudgetProgram):
		_, err := svm.ReadComputeBudget(ix) // what svm.Build adds, and nothing else
		return err
	case prog.Equals(svm.AssociatedTokenProgram):
		return g.checkCreateATA(ix)
	case prog.Equals(svm.TokenProgram), prog.Equals(svm.Token2022Program):
		return fmt.Errorf("%s %s: no payload built here calls the token program, and this one could move or grant the signer's tokens", tokenProgramName(prog), tokenInstruction(data))
	case prog.Equals(svm.SystemProgram):
		return fmt.Errorf("a System program call: no payload built here makes one, and it could move the signer's lamports")
	}
	addr := prog.String() // base58: encoded once, not per contract
	for _, c := range g.chain.Contracts.List() {
		if c.Address == "" || c.Key == "lookupTable" || c.Address != addr {
			continue
		}
		switch c.Key {
		case "portal":
			return g.checkSendToken(ix)
		case "executor":
			return g.checkRelay(ix)
		case "orderBook":
			return g.checkOpenOrder(ix)
		}
		spec, ok := catalogPrograms[c.Key]
		if !ok {
			return fmt.Errorf("calls %s (%s), whose IDL the payload guard does not have", c.Name, prog)
		}
		return g.checkCatalogCall(spec, ix)
	}
	return fmt.Errorf("calls %s, which is no program of %s the catalog knows", prog, g.chain.Name)
}

// checkSendToken allows the Portal's send_token as svm.SendAndRelay
// builds it (svm.PortalDeployment.ReadSendToken: the IDL's accounts and
// the Wormhole adapter's ten), sent by the fee payer; for a leg leaving
// the cluster, of the leg's input to the leg's destination chain, token
// and recipient. A send on a leg that stays on the cluster is refused.
func (g guard) checkSendToken(ix *solana.GenericInstruction) error {
	dep, ok := svm.PortalDeploymentOf(g.chain)
	if !ok {
		return fmt.Errorf("calls the Portal of %s, whose deployment is not known", g.chain.Name)
	}
	c, err := dep.ReadSendToken(ix, g.payer)
	if err != nil {
		return err
	}
	if !c.Sender.Equals(g.payer) {
		return fmt.Errorf("send_token sends the tokens of %s, not the fee payer %s", c.Sender, g.payer)
	}
	if g.out == nil {
		return nil
	}
	b := g.out.bridge
	switch {
	case b == nil:
		return fmt.Errorf("send_token on a leg that does not leave %s", g.chain.Name)
	case c.Extension.Mint.String() != b.from:
		return fmt.Errorf("send_token sends %s, not the leg's %s", c.Extension.Mint, b.from)
	case uint64(c.DestinationChainID) != b.to.ChainID:
		return fmt.Errorf("send_token goes to chain %d, not the leg's %s (%d)", c.DestinationChainID, b.to.Name, b.to.ChainID)
	case c.Recipient != b.recipient:
		return fmt.Errorf("send_token's recipient is %x, not the leg's %s", c.Recipient, g.out.recipient)
	}
	var token [32]byte
	if t, err := hex.DecodeString(strings.TrimPrefix(strings.ToLower(b.token), "0x")); err == nil && len(t) == 20 {
		copy(token[12:], t)
	}
	if c.DestinationToken != token {
		return fmt.Errorf("send_token delivers token %x, not the leg's %s", c.DestinationToken, b.token)
	}
	return nil
}

// checkOpenOrder allows the order book's open_order as svm.OpenOrder
// builds it (svm.ReadOpenOrder: the IDL's accounts and args, the nonce
// account of the token account's owner), the fee payer selling its own
// tokens; for a leg, the leg's input for its output token on its
// destination chain (the destination account passed for another chain,
// None for the cluster itself) to its recipient. When the leg's reads
// hold the sender's nonce account, the order account must be the order
// of those terms at that nonce (svm.OpenOrderCall.CheckOrder), the chain
// id being the order book global's as read, else the catalog's, and when
// they hold the Clock sysvar, created_at must lie in the window the
// program takes at that clock, [now, now+300 s]; without
// them the order account cannot be told from the payload and is not
// checked (the program derives and creates it, so a wrong one fails).
func (g guard) checkOpenOrder(ix *solana.GenericInstruction) error {
	c, err := svm.ReadOpenOrder(ix, g.payer)
	if err != nil {
		return err
	}
	if !c.Sender.Equals(g.payer) {
		return fmt.Errorf("open_order sells the tokens of %s, not the fee payer %s", c.Sender, g.payer)
	}
	if g.out != nil {
		o := g.out.order
		switch {
		case o == nil:
			return fmt.Errorf("open_order on a leg whose destination the catalog does not know")
		case c.TokenIn.String() != o.from:
			return fmt.Errorf("open_order sells %s, not the leg's %s", c.TokenIn, o.from)
		case uint64(c.DestChainID) != o.to.ChainID:
			return fmt.Errorf("open_order goes to chain %d, not the leg's %s (%d)", c.DestChainID, o.to.Name, o.to.ChainID)
		case c.TokenOut != o.token:
			return fmt.Errorf("open_order asks for token %x, not the leg's %x", c.TokenOut, o.token)
		case c.Recipient != o.recipient:
			return fmt.Errorf("open_order's recipient is %x, not the leg's %s", c.Recipient, g.out.recipient)
		case o.to.Name == g.chain.Name && !c.Destination.IsZero():
			return fmt.Errorf("open_order stays on %s yet passes destination account %s", g.chain.Name, c.Destination)
		case o.to.Name != g.chain.Name && c.Destination.IsZero():
			return fmt.Errorf("open_order leaves %s without a destination account", g.chain.Name)
		}
	}
	if c.FillDeadline <= c.CreatedAt {
		return fmt.Errorf("open_order's fill deadline %d is not after its created_at %d", c.FillDeadline, c.CreatedAt)
	}
	if ca, ok := g.st.Account(svm.SysvarClock); ok && ca != nil {
		clock, err := svm.DecodeClock(ca.Data)
		if err != nil {
			return err
		}
		// The program takes created_at within [now, now+300 s] of its clock.
		if now := uint64(max(clock.UnixTimestamp, 0)); c.CreatedAt < now || c.CreatedAt > now+openOrderWindow {
			return fmt.Errorf("open_order's created_at %d is outside [%d, %d], the window the order book takes at the clock read", c.CreatedAt, now, now+openOrderWindow)
		}
	}
	nonceAcct, ok := g.st.Account(svm.OrderNonce(c.Program, c.Sender))
	if !ok {
		return nil
	}
	var nonce uint64
	if nonceAcct != nil {
		if nonce, err = svm.DecodeOrderNonce(nonceAcct.Data); err != nil {
			return err
		}
	}
	origin := g.chain.ChainID
	if ga, ok := g.st.Account(svm.Global(c.Program)); ok && ga != nil {
		gl, err := svm.DecodeOrderBookGlobal(ga.Data)
		if err != nil {
			return err
		}
		origin = uint64(gl.ChainID)
	}
	return c.CheckOrder(nonce, uint32(origin))
}

// openOrderWindow is how far past the order book's clock an order's
// created_at may be (open.rs CREATED_AT_WINDOW).
const openOrderWindow = 300

// checkRelay allows the Executor's request_for_execution as
// svm.SendAndRelay builds it: paid by the fee payer to the signed quote's
// payee, for a message of the chain's Wormhole adapter emitter, refunding
// the fee payer.
func (g guard) checkRelay(ix *solana.GenericInstruction) error {
	r, err := svm.ExecutionRequestOf(ix)
	if err != nil {
		return err
	}
	payee, err := svm.QuotePayee(r.SignedQuote)
	if err != nil {
		return err
	}
	dep, ok := svm.PortalDeploymentOf(g.chain)
	switch {
	case !r.Payer.Equals(g.payer):
		return fmt.Errorf("request_for_execution is paid by %s, not the fee payer %s", r.Payer, g.payer)
	case !r.Payee.Equals(payee):
		return fmt.Errorf("request_for_execution pays %s, not the signed quote's payee %s", r.Payee, payee)
	case solana.PublicKeyFromBytes(r.RefundAddr[:]) != g.payer:
		return fmt.Errorf("request_for_execution refunds %x, not the fee payer", r.RefundAddr)
	case !ok:
		return fmt.Errorf("calls the Executor on %s, whose Portal deployment is not known", g.chain.Name)
	case !r.Emitter.Equals(dep.WormholeEmitter()):
		return fmt.Errorf("request_for_execution relays a message of %s, not the Wormhole adapter's emitter", r.Emitter)
	}
	return nil
}

// checkCreateATA allows what svm.CreateIdempotentATA builds: the fee payer
// creating the associated token account of an owner for a mint under SPL
// Token or Token-2022, the account being the one those derive; for a leg,
// the recipient's account of its output.
func (g guard) checkCreateATA(ix *solana.GenericInstruction) error {
	c, err := svm.ReadCreateIdempotentATA(ix)
	if err != nil {
		return err
	}
	if !c.Payer.Equals(g.payer) {
		return fmt.Errorf("CreateIdempotent is paid by %s, not the fee payer %s", c.Payer, g.payer)
	}
	return g.checkOutput("CreateIdempotent's account", c.Account)
}

// checkOutput checks, for a leg, that account, which receives tokens, is
// its recipient's associated token account of its output.
func (g guard) checkOutput(what string, account solana.PublicKey) error {
	switch {
	case g.out == nil:
		return nil
	case !g.out.known:
		return fmt.Errorf("%s is %s, and the leg's recipient's token account cannot be told", what, account)
	case !account.Equals(g.out.account):
		return fmt.Errorf("%s is %s, not %s, the recipient %s's associated token account of %s", what, account, g.out.account, g.out.recipient, g.out.mint)
	}
	return nil
}

// programSpec is what the guard knows of a catalog program: its IDL, and
// the instructions the svm builders make of it, each with the IDL account
// that receives its output.
type programSpec struct {
	idl func() (*svm.Program, error)
	// output names, for each instruction the builders make (by IDL
	// name), the IDL account its output goes to; false for any other.
	output func(name string) (string, bool)
}

// catalogPrograms are the catalog programs payloads may call, by address
// book key. ext_swap's user instructions are svm.ExtSwap's Wrap, Unwrap
// and Swap; its admin instructions are no payload's.
var catalogPrograms = map[string]programSpec{
	"extSwap": {idl: svm.ExtSwapIDL, output: func(name string) (string, bool) {
		s, ok := svm.ExtSwapCall(name)
		return s.To, ok
	}},
}

// checkCatalogCall reads ix back by spec's IDL (svm.Program.ReadCall: the
// args exactly, the accounts in their roles, fixed and PDA accounts where
// the IDL has them, signed by no one but the IDL's signers and the fee
// payer) and allows only the instructions the builders make, delivering,
// for a leg, to its recipient.
func (g guard) checkCatalogCall(spec programSpec, ix *solana.GenericInstruction) error {
	idl, err := spec.idl()
	if err != nil {
		return err
	}
	call, err := idl.WithID(ix.ProgramID()).ReadCall(ix, g.payer)
	if err != nil {
		return err
	}
	output, ok := spec.output(call.Name)
	if !ok {
		return fmt.Errorf("%s.%s: no payload built here makes it", idl.Name(), call.Name)
	}
	to, _ := call.Account(output) // ReadCall checked the count
	return g.checkOutput(idl.Name()+"."+call.Name+"'s "+output, to)
}

func tokenProgramName(p solana.PublicKey) string {
	if p.Equals(svm.Token2022Program) {
		return "Token-2022"
	}
	return "SPL Token"
}

// tokenInstructions name the token program's instructions by their first
// byte (Token-2022 shares them), for an error.
var tokenInstructions = []string{
	"InitializeMint", "InitializeAccount", "InitializeMultisig", "Transfer", "Approve", "Revoke", "SetAuthority",
	"MintTo", "Burn", "CloseAccount", "FreezeAccount", "ThawAccount", "TransferChecked", "ApproveChecked",
	"MintToChecked", "BurnChecked", "InitializeAccount2", "SyncNative", "InitializeAccount3",
}

func tokenInstruction(data []byte) string {
	switch {
	case len(data) == 0:
		return "instruction with no data"
	case int(data[0]) < len(tokenInstructions):
		return tokenInstructions[data[0]]
	}
	return fmt.Sprintf("instruction %d", data[0])
}
