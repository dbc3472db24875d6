package svm

import (
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// The order book's open_order, built and read back. Its IDL derives the
// nonce account from the sender's token account, where the program seeds
// it with that account's owner (OrderNonce): the IDL the builder and
// reader use has that one seed taken out, and ReadOpenOrder checks the
// nonce account against the owner, which it can tell because the token
// account must be the owner's associated token account of the mint. The
// order account has no seeds in the IDL: it is ["order", order id], and
// the id hashes the owner's next nonce, which is chain state, not in the
// instruction (OpenOrderCall.CheckOrder, given the nonce read).

// openOrderProgram is the order_book IDL with the nonce account's wrong
// seeds removed, corrected once from the parsed IDL.
var openOrderProgram = sync.OnceValues(func() (*Program, error) {
	p, err := orderBookProgram()
	if err != nil {
		return nil, err
	}
	return p.withoutPDA("open_order", "sender_nonce_account")
})

// OpenOrderParams is one open_order call: the payer opens an order
// selling AmountIn of its own TokenIn, from its associated token account
// of the mint, for AmountOut of TokenOut delivered to Recipient on
// DestChainID.
type OpenOrderParams struct {
	// Program is the order book's id; zero means OrderBookProgramID.
	Program solana.PublicKey
	// Payer signs and pays, and is the order's sender: the owner of the
	// token account the tokens leave (token_authority is None).
	Payer solana.PublicKey
	// TokenIn is the mint sold, under TokenInProgram (SPL Token or
	// Token-2022: the mint's owner as read, never assumed).
	TokenIn, TokenInProgram solana.PublicKey
	// OriginChainID is this cluster's M0 chain id (1399811149 mainnet,
	// 1399811150 devnet); DestChainID the destination's. Equal, the order
	// stays on the cluster and passes no destination account (None).
	OriginChainID, DestChainID uint32
	// Nonce is the sender's next nonce (its nonce account's value, zero
	// when it has none): it is in the order id.
	Nonce uint64
	// CreatedAt dates the order: the program wants it in [now, now+300 s]
	// of its clock when the order opens (open.rs), so it is set ahead of
	// the cluster's time at the quote. FillDeadline follows it.
	CreatedAt, FillDeadline uint64
	TokenOut                [32]byte
	AmountIn                uint64
	AmountOut               *big.Int // u128
	// Recipient and Solver are 32 bytes: a Solana key, or an EVM address
	// left-padded with zeros; a zero Solver leaves the order to any.
	Recipient, Solver [32]byte
}

func (p OpenOrderParams) program() solana.PublicKey {
	if p.Program.IsZero() {
		return OrderBookProgramID
	}
	return p.Program
}

// Data is the order's terms as the program hashes them.
func (p OpenOrderParams) Data() OrderData {
	return OrderData{Version: OrderDataVersion, Sender: p.Payer, Nonce: p.Nonce,
		OriginChainID: p.OriginChainID, DestChainID: p.DestChainID, CreatedAt: p.CreatedAt, FillDeadline: p.FillDeadline,
		TokenIn: p.TokenIn, TokenOut: p.TokenOut, AmountIn: new(big.Int).SetUint64(p.AmountIn), AmountOut: p.AmountOut,
		Recipient: p.Recipient, Solver: p.Solver}
}

// OpenOrder is the payer's open_order call for p, through the IDL
// (Program.Instruction): the order account is ["order", id] of p's terms,
// the nonce account the payer's, the destination account ["destination",
// dest] for an order leaving the cluster and None for one staying.
func OpenOrder(p OpenOrderParams) (*solana.GenericInstruction, error) {
	idl, err := openOrderProgram()
	if err != nil {
		return nil, err
	}
	if p.Payer.IsZero() || p.TokenIn.IsZero() {
		return nil, errors.New("svm: open_order: no payer or no token_in mint")
	}
	if !p.TokenInProgram.Equals(TokenProgram) && !p.TokenInProgram.Equals(Token2022Program) {
		return nil, fmt.Errorf("svm: open_order: token program %s is neither SPL Token nor Token-2022", p.TokenInProgram)
	}
	if p.AmountOut == nil || p.AmountOut.Sign() <= 0 || p.AmountOut.BitLen() > 128 {
		return nil, fmt.Errorf("svm: open_order: amount out %v is not a positive u128", p.AmountOut)
	}
	if p.AmountIn == 0 {
		return nil, errors.New("svm: open_order: amount in is zero")
	}
	if p.FillDeadline <= p.CreatedAt {
		return nil, fmt.Errorf("svm: open_order: fill deadline %d is not after created_at %d", p.FillDeadline, p.CreatedAt)
	}
	prog := p.program()
	id, err := p.Data().ID()
	if err != nil {
		return nil, err
	}
	order := OrderPDA(prog, id)
	accounts := Accounts{
		"payer":                   p.Payer,
		"global_account":          Global(prog),
		"token_in_mint":           p.TokenIn,
		"sender_token_in_account": AssociatedTokenAddress(p.Payer, p.TokenIn, p.TokenInProgram),
		"sender_nonce_account":    OrderNonce(prog, p.Payer),
		"order":                   order,
		"order_token_in_ata":      AssociatedTokenAddress(order, p.TokenIn, p.TokenInProgram),
		"token_in_program":        p.TokenInProgram,
		"event_authority":         EventAuthority(prog),
		"program":                 prog,
	}
	if p.DestChainID != p.OriginChainID {
		accounts["destination_account"] = OrderBookDestination(prog, p.DestChainID)
	}
	return idl.WithID(prog).Instruction("open_order", accounts, []any{
		p.DestChainID, p.CreatedAt, p.FillDeadline, p.TokenOut, p.AmountIn, p.AmountOut, p.Recipient, p.Solver,
	})
}

// OpenOrderCall is an open_order instruction read back (ReadOpenOrder).
type OpenOrderCall struct {
	Program solana.PublicKey
	// Payer pays; Sender owns the tokens sold: the token authority when
	// one signs, else the payer.
	Payer, Sender solana.PublicKey
	// Destination is the destination account, zero when None.
	Destination                                 solana.PublicKey
	TokenIn, TokenInProgram, SenderTokenAccount solana.PublicKey
	Order                                       solana.PublicKey
	DestChainID                                 uint32
	CreatedAt, FillDeadline                     uint64
	TokenOut                                    [32]byte
	AmountIn                                    uint64
	AmountOut                                   *big.Int
	Recipient, Solver                           [32]byte
}

// ReadOpenOrder reads ix back as an open_order call and checks it against
// the IDL (Program.ReadCall, at ix's program id, mayAlsoSign as there),
// and what the IDL cannot say: the sender's token account is its
// associated token account of the mint under SPL Token or Token-2022, the
// nonce account is ["nonce", sender] (the program's seed, not the IDL's),
// the destination account, when passed, is the destination chain's, and
// the program account (Anchor's event CPI) is the program.
// The order account is not checked here: see CheckOrder.
func ReadOpenOrder(ix solana.Instruction, mayAlsoSign ...solana.PublicKey) (*OpenOrderCall, error) {
	idl, err := openOrderProgram()
	if err != nil {
		return nil, err
	}
	prog := ix.ProgramID()
	call, err := idl.WithID(prog).ReadCall(ix, mayAlsoSign...)
	if err != nil {
		return nil, err
	}
	if call.Name != "open_order" {
		return nil, fmt.Errorf("svm: order_book.%s is not open_order", call.Name)
	}
	f, ok := call.Args[0].([]any)
	if !ok || len(f) != 8 {
		return nil, errors.New("svm: order_book.open_order: its params do not decode")
	}
	acct := func(name string) solana.PublicKey { k, _ := call.Account(name); return k }
	c := &OpenOrderCall{Program: prog, Payer: acct("payer"), Sender: acct("token_authority"),
		Destination: acct("destination_account"), TokenIn: acct("token_in_mint"), TokenInProgram: acct("token_in_program"),
		SenderTokenAccount: acct("sender_token_in_account"), Order: acct("order"),
		DestChainID: uint32(f[0].(uint64)), CreatedAt: f[1].(uint64), FillDeadline: f[2].(uint64),
		AmountIn: f[4].(uint64), AmountOut: f[5].(*big.Int)}
	copy(c.TokenOut[:], f[3].([]byte))
	copy(c.Recipient[:], f[6].([]byte))
	copy(c.Solver[:], f[7].([]byte))
	if c.Sender.Equals(prog) {
		c.Sender = c.Payer
	}
	if c.Destination.Equals(prog) {
		c.Destination = solana.PublicKey{}
	}
	var problems []error
	bad := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf("svm: order_book.open_order: "+format, args...))
	}
	if !c.TokenInProgram.Equals(TokenProgram) && !c.TokenInProgram.Equals(Token2022Program) {
		bad("token_in_program %s is neither SPL Token nor Token-2022", c.TokenInProgram)
	} else if want := AssociatedTokenAddress(c.Sender, c.TokenIn, c.TokenInProgram); !c.SenderTokenAccount.Equals(want) {
		bad("sender_token_in_account is %s, not %s, the sender %s's associated token account of %s", c.SenderTokenAccount, want, c.Sender, c.TokenIn)
	}
	if want := OrderNonce(prog, c.Sender); !acct("sender_nonce_account").Equals(want) {
		bad("sender_nonce_account is %s, not %s, the nonce account of the sender %s", acct("sender_nonce_account"), want, c.Sender)
	}
	if !acct("program").Equals(prog) {
		bad("its program account is %s, not the order book %s", acct("program"), prog)
	}
	return c, errors.Join(problems...)
}

// Data is the order's terms, for its id, given the sender's nonce and the
// cluster's M0 chain id.
func (c *OpenOrderCall) Data(nonce uint64, originChainID uint32) OrderData {
	return OrderData{Version: OrderDataVersion, Sender: c.Sender, Nonce: nonce, OriginChainID: originChainID,
		DestChainID: c.DestChainID, CreatedAt: c.CreatedAt, FillDeadline: c.FillDeadline, TokenIn: c.TokenIn,
		TokenOut: c.TokenOut, AmountIn: new(big.Int).SetUint64(c.AmountIn), AmountOut: c.AmountOut,
		Recipient: c.Recipient, Solver: c.Solver}
}

// CheckOrder checks that the order account is ["order", id] of the call's
// terms with the sender's nonce and the cluster's chain id: the account
// the program will create, and so the order a wallet is shown.
func (c *OpenOrderCall) CheckOrder(nonce uint64, originChainID uint32) error {
	id, err := c.Data(nonce, originChainID).ID()
	if err != nil {
		return err
	}
	if want := OrderPDA(c.Program, id); !c.Order.Equals(want) {
		return fmt.Errorf("svm: order_book.open_order: the order account is %s, not %s, the order of its terms at nonce %d", c.Order, want, nonce)
	}
	return nil
}

// openOrder reads the order book's open_order (ReadOpenOrder): "open a
// limit order selling 2.5 M for 2.49 wM to 0x222…2222 on Ethereum, filled
// by solver 0x444…4444, before 2027-01-15T08:00:00Z, via the M0 order book
// on Solana". The amounts are the instruction's, in the catalog's
// decimals of each token; a token the catalog does not know on the
// destination is named by its address.
func (d *describer) openOrder(ix *solana.GenericInstruction) (string, error) {
	c, err := ReadOpenOrder(ix, d.payer)
	if err != nil {
		return "", err
	}
	in, err := d.asset(c.TokenIn)
	if err != nil {
		return "", err
	}
	var dest asset.ChainInfo
	ok := false
	if uint64(c.DestChainID) == d.chain.ChainID {
		dest, ok = d.chain, true
	} else if cat, isByID := d.cat.(chainsByID); isByID {
		dest, ok = cat.ChainByID(orchestration.RuntimeEVM, uint64(c.DestChainID))
	}
	if !ok {
		return "", fmt.Errorf("open_order goes to M0 chain %d, no chain of the catalog", c.DestChainID)
	}
	addr := func(b [32]byte) (string, error) {
		if dest.Runtime == orchestration.RuntimeSVM {
			return solana.PublicKeyFromBytes(b[:]).String(), nil
		}
		return evmAddress(b[:])
	}
	recipient, err := addr(c.Recipient)
	if err != nil {
		return "", fmt.Errorf("recipient: %w", err)
	}
	token, err := addr(c.TokenOut)
	if err != nil {
		return "", fmt.Errorf("token out: %w", err)
	}
	out := orchestration.ShortAddress(token) + " (smallest units)"
	amountOut := c.AmountOut.String()
	if a, err := d.cat.Resolve(orchestration.AssetAddress{Chain: dest.Name, Address: token}); err == nil {
		out, amountOut = a.Symbol, orchestration.FormatUnits(c.AmountOut, a.Decimals)
	}
	fill := "any solver"
	if c.Solver != ([32]byte{}) {
		s, err := addr(c.Solver)
		if err != nil {
			return "", fmt.Errorf("solver: %w", err)
		}
		fill = "solver " + orchestration.ShortAddress(s)
	}
	return fmt.Sprintf("open a limit order selling %s %s for %s %s to %s on %s, filled by %s before %s, via %s on %s",
		orchestration.FormatUnits(new(big.Int).SetUint64(c.AmountIn), in.Decimals), in.Symbol, amountOut, out,
		orchestration.ShortAddress(recipient), dest.Name, fill,
		time.Unix(int64(c.FillDeadline), 0).UTC().Format(time.RFC3339),
		d.chain.Contracts.Name(ix.ProgramID().String()), d.chain.Name), nil
}
