package litesvm_test

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
	"github.com/gagliardetto/solana-go/programs/system"

	"github.com/m0-orchestration/m0/internal/testing/litesvm"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// createLookupTable is the address lookup table program's
// CreateLookupTable (bincode: u32 tag 0 | recent_slot u64 | bump u8),
// creating authority's table for recentSlot, paid by payer; and the
// table's address ([authority, recent_slot LE] under the program).
func createLookupTable(t *testing.T, authority, payer solana.PublicKey, recentSlot uint64) (solana.Instruction, solana.PublicKey) {
	t.Helper()
	slot := binary.LittleEndian.AppendUint64(nil, recentSlot)
	table, bump, err := solana.FindProgramAddress([][]byte{authority[:], slot}, litesvm.LookupTableProgram)
	if err != nil {
		t.Fatal(err)
	}
	data := append(binary.LittleEndian.AppendUint32(nil, 0), slot...)
	return solana.NewInstruction(litesvm.LookupTableProgram, solana.AccountMetaSlice{
		solana.Meta(table).WRITE(), solana.Meta(authority).SIGNER(), solana.Meta(payer).WRITE().SIGNER(), solana.Meta(svm.SystemProgram),
	}, append(data, bump)), table
}

// extendLookupTable is ExtendLookupTable (u32 tag 2 | Vec<Pubkey>, its
// length a u64).
func extendLookupTable(table, authority, payer solana.PublicKey, addrs []solana.PublicKey) solana.Instruction {
	data := binary.LittleEndian.AppendUint32(nil, 2)
	data = binary.LittleEndian.AppendUint64(data, uint64(len(addrs)))
	for _, a := range addrs {
		data = append(data, a[:]...)
	}
	return solana.NewInstruction(litesvm.LookupTableProgram, solana.AccountMetaSlice{
		solana.Meta(table).WRITE(), solana.Meta(authority).SIGNER(), solana.Meta(payer).WRITE().SIGNER(), solana.Meta(svm.SystemProgram),
	}, data)
}

// The non-M0 part of a Solana → EVM payload runs in LiteSVM: the lookup
// table it is compiled against is created and extended by the real
// address lookup table program; a transaction with the payload's fee
// payer, blockhash, compute budget and table, whose M0 instructions are
// replaced by the lamport transfers they make (the Wormhole message fee
// to the core bridge's fee collector, which it names through the table,
// and the Executor's cost to its payee), executes and moves exactly those
// lamports within the compute limit; and the payload itself resolves
// through the table and fails only because M0's programs are not in
// LiteSVM.
func TestSendAndRelayNonM0PartRuns(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	d := svm.DevnetPortal
	wm := svm.Extension{Program: solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"),
		Mint: solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"), TokenProgram: svm.Token2022Program}
	const sepolia = 11155111
	addrs := svmtest.SendTable(d, []svm.Extension{wm}, []uint32{sepolia})

	const recentSlot = 0
	create, tableAddr := createLookupTable(t, funder, funder, recentSlot)
	setup := []string{payload(t, []solana.Instruction{create}, svm.TxConfig{})}
	for i := 0; i < len(addrs); i += 20 {
		setup = append(setup, payload(t, []solana.Instruction{extendLookupTable(tableAddr, funder, funder, addrs[i:min(i+20, len(addrs))])}, svm.TxConfig{}))
	}
	table := &svm.LookupTable{Address: tableAddr, Addresses: addrs}

	// The payload, as portal's provider builds it.
	payee := solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	quote := append(append([]byte("EQ01"), bytes.Repeat([]byte{0x11}, 20)...), payee[:]...)
	quote = append(quote, make([]byte, 165-len(quote))...)
	const cost, fee, limit, held = 1_234_567, 100, 400_000, solana.LAMPORTS_PER_SOL
	wmOnSepolia := svm.EVMAddress32([20]byte{0x43, 0x7c})
	peer := svm.EVMAddress32([20]byte{0xac, 0xff})
	relay := append([]byte{1}, make([]byte, 32)...)
	tx, err := d.SendAndRelay(svm.SendAndRelayParams{
		Funder: funder, Extension: wm, Amount: 1_000_000, DestinationChainID: sepolia,
		DestinationToken: wmOnSepolia, Recipient: svm.EVMAddress32([20]byte{0x22}),
		State: svm.SendState{
			Portal:   &svm.PortalGlobal{ChainID: d.M0ChainID, MMint: d.MMint},
			Swap:     &svm.SwapGlobal{Extensions: []svm.Extension{wm}},
			Paths:    &svm.ChainBridgePaths{DestinationChainID: sepolia, Paths: []svm.BridgePath{{SourceMint: wm.Mint, DestinationToken: wmOnSepolia}}},
			Wormhole: &svm.WormholeGlobal{ChainID: 1, ReceiveLUT: tableAddr, Peers: []svm.WormholePeer{{Address: peer, M0ChainID: sepolia, AdapterChainID: 10002}}},
			Sequence: 7,
			Table:    table,
		},
		Relay:  svm.Relay{SignedQuote: quote, EstimatedCost: cost, DstChain: 10002, Instructions: relay},
		Budget: svm.TxConfig{RecentBlockhash: blockhash, ComputeUnitLimit: limit, ComputeUnitPrice: 1000},
	})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := svm.Payload("SolanaDevnet", tx)
	if err != nil {
		t.Fatal(err)
	}
	whole := pl.Transaction

	// Its non-M0 part: the compute budget, kept in order, and in place of
	// the two M0 instructions the lamport transfers they make.
	runnable, m0, err := litesvm.Runnable(whole, table)
	if err != nil {
		t.Fatal(err)
	}
	if len(m0) != 2 || !m0[0].ProgramID().Equals(d.Portal) || !m0[1].ProgramID().Equals(svm.ExecutorProgramID) {
		t.Fatalf("left out %d instructions, want send_token and request_for_execution", len(m0))
	}
	kept, err := svm.Instructions(mustDecode(t, runnable), table)
	if err != nil || len(kept) != 2 {
		t.Fatalf("runnable part: %d instructions, %v", len(kept), err)
	}
	transfers := []solana.Instruction{kept[0], kept[1],
		system.NewTransferInstruction(fee, funder, d.FeeCollector).Build(),
		system.NewTransferInstruction(cost, funder, payee).Build()}
	standIn := payload(t, transfers, svm.TxConfig{LookupTable: table})
	if l := mustDecode(t, standIn).Message.GetAddressTableLookups(); len(l) != 1 || len(l[0].WritableIndexes) != 1 {
		t.Fatalf("the stand-in looks up %+v; it must take the fee collector from the table", l)
	}

	txs := append(append([]string(nil), setup...), standIn, whole)
	warps := make([]uint64, len(txs))
	// The extended addresses are usable from the slot after the last
	// extension's (LiteSVM's clock does not start at zero).
	warps[len(setup)] = 1 << 40
	results := runAll(t, h, litesvm.Request{
		// The fee collector and the payee exist, as on chain.
		Accounts:     []litesvm.Account{litesvm.Wallet(funder, funderLamports), litesvm.Wallet(d.FeeCollector, held), litesvm.Wallet(payee, held)},
		Transactions: txs, WarpBefore: warps,
		Watch: []solana.PublicKey{tableAddr, d.FeeCollector, payee, funder},
	}, litesvm.Request{ // the payload without its table
		Accounts: []litesvm.Account{litesvm.Wallet(funder, funderLamports)}, Transactions: []string{whole},
	})
	res := results[0]
	if r := results[1].Transactions[0]; !strings.Contains(r.Err, "AddressLookupTable") {
		t.Errorf("the payload without its table: %q, want an AddressLookupTable… error", r.Err)
	}
	for i := range setup {
		if r := res.Transactions[i]; !r.OK() {
			t.Fatalf("lookup table setup %d: %s\n%s", i, r.Err, strings.Join(r.Logs, "\n"))
		}
	}
	got := res.Accounts[tableAddr]
	if got == nil || !got.Owner.Equals(litesvm.LookupTableProgram) {
		t.Fatalf("no lookup table at %s", tableAddr)
	}
	read, err := svm.DecodeLookupTable(tableAddr, got.Data, 1<<40)
	if err != nil || len(read.Addresses) != len(addrs) {
		t.Fatalf("the table LiteSVM made decodes to %+v, %v", read, err)
	}
	for i, a := range read.Addresses {
		if !a.Equals(addrs[i]) {
			t.Fatalf("table address %d is %s, want %s", i, a, addrs[i])
		}
	}
	r := res.Transactions[len(setup)]
	if !r.OK() || r.ComputeUnits > limit {
		t.Fatalf("the non-M0 part: %q, %d units of %d\n%s", r.Err, r.ComputeUnits, limit, strings.Join(r.Logs, "\n"))
	}
	if a := res.Accounts[d.FeeCollector]; a == nil || a.Lamports != held+fee {
		t.Errorf("fee collector %+v, want %d more lamports", a, fee)
	}
	if a := res.Accounts[payee]; a == nil || a.Lamports != held+cost {
		t.Errorf("payee %+v, want %d more lamports", a, cost)
	}
	t.Logf("non-M0 part: %d compute units; the whole payload: %q", r.ComputeUnits, res.Transactions[len(setup)+1].Err)
	// The payload resolves through the table LiteSVM made (a table that
	// did not resolve fails as AddressLookupTable…) and stops at the first
	// program LiteSVM does not have.
	if r := res.Transactions[len(setup)+1]; r.Err != "InvalidProgramForExecution" {
		t.Errorf("the whole payload: %q, want InvalidProgramForExecution (if LiteSVM has M0's programs now, run it whole)", r.Err)
	}
}

func mustDecode(t *testing.T, transaction string) *solana.Transaction {
	t.Helper()
	tx, err := svm.Decode(transaction)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}
