package svmtest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// Published is what a send out of Solana published, beyond what its
// send_token instruction says, for SendTokenTx.
type Published struct {
	// MessageID is the Portal's id of the message (its
	// generate_message_id: keccak256(abi.encode(chain id, destination,
	// nonce)) at the send).
	MessageID [32]byte
	// Sequence is the core bridge's sequence of the adapter's emitter
	// that the message took.
	Sequence uint64
	// Peer is the destination's adapter, the adapter's peer there.
	Peer [32]byte
	// Index is the M index the Portal sends (nil: zero).
	Index *big.Int
	// MessageFee is the core bridge's fee in lamports the adapter pays
	// (zero: none paid, no transfer).
	MessageFee uint64
	// SubmissionTime is the shim's MessageEvent time (zero: 1_700_000_000).
	SubmissionTime uint32
}

// SendTokenTx is the landed transaction of send (the Portal's send_token,
// its accounts in the IDL's slots, as svm builds it or a test spells it)
// as getTransaction returns it: send as outer instruction 0 and, under
// it, the invocations Portal v2 makes (solana-portal
// programs/portal/src/instructions/send_token.rs and mod.rs send_message;
// programs/wormhole-adapter/src/instructions/send_message.rs), each with
// its stack height:
//
//   - ext_swap's unwrap of the amount, by the Portal's authority (2);
//   - Token-2022's burn of the M it received (2);
//   - the bridge adapter's send_message(destination, message id,
//     payload, payload type) (2), the Portal's message id among its args;
//   - the system transfer of the core bridge's fee to its collector (3);
//   - the shim's post_message(nonce 0, Finalized, payload) (3), payload
//     the adapter's header (type u8, destination u32 BE, peer, message
//     id, index u128 BE; m0_portal_common payloads.rs) and the token
//     transfer (amount u128 BE, destination token, sender, recipient);
//   - the core bridge's post_message with an empty payload (4): the shim
//     reuses one message account per emitter, so the payload lives in the
//     instruction data alone;
//   - the shim's MessageEvent (emitter, sequence, time) by emit_cpi (4).
//
// The Portal's TokenSent is logged ("Program data:", emit!), as are the
// programs' invoke and success lines. The extensions' own invocations
// under the unwrap are left out. A send whose args or slots do not read
// by the Portal's IDL is an error.
func SendTokenTx(d svm.PortalDeployment, send Instruction, p Published) (Transaction, error) {
	portal, err := svm.PortalIDL()
	if err != nil {
		return Transaction{}, err
	}
	name, specs, ok := portal.Match(send.Data)
	if !ok || name != "send_token" || len(specs) != len(send.Accounts) {
		return Transaction{}, fmt.Errorf("svmtest: not a send_token of %d accounts", len(specs))
	}
	args, err := portal.DecodeArgs(name, send.Data)
	if err != nil {
		return Transaction{}, err
	}
	amount, destToken, dest, recipient := args[0].(uint64), [32]byte(args[1].([]byte)), uint32(args[2].(uint64)), [32]byte(args[3].([]byte))
	slot := func(n string) solana.PublicKey {
		for i, s := range specs {
			if s.Name == n {
				return send.Accounts[i]
			}
		}
		return solana.PublicKey{}
	}
	sender, adapter, authority := slot("sender"), slot("bridge_adapter"), slot("portal_authority")
	index := p.Index
	if index == nil {
		index = new(big.Int)
	}
	at := func(height int, ix Instruction) Instruction { ix.StackHeight = height; return ix }
	disc := func(prog func() (*svm.Program, error), ix string) []byte {
		q, err := prog()
		if err != nil {
			panic(err) // the embedded IDLs are checked by svm's own tests
		}
		b, _ := q.Discriminator(ix)
		return slices.Clone(b)
	}

	unwrap := Instruction{Program: d.ExtSwap, Data: binary.LittleEndian.AppendUint64(disc(svm.ExtSwapIDL, "unwrap"), amount),
		Accounts: []solana.PublicKey{sender, authority, slot("swap_global"), slot("extension_global"), slot("extension_mint"), slot("m_mint"),
			slot("m_token_account"), slot("extension_token_account"), slot("ext_m_vault_auth"), slot("ext_mint_authority"), slot("ext_m_vault"),
			slot("extension_token_program"), slot("m_token_program"), slot("extension_program"), slot("system_program")}}
	burn := Instruction{Program: svm.Token2022Program, Data: binary.LittleEndian.AppendUint64([]byte{8}, amount),
		Accounts: []solana.PublicKey{slot("m_token_account"), slot("m_mint"), authority}}

	// The token transfer's body, then the adapter's header before it.
	u128 := func(v *big.Int) []byte { return v.FillBytes(make([]byte, 16)) }
	body := slices.Concat(u128(new(big.Int).SetUint64(amount)), destToken[:], sender[:], recipient[:])
	published := slices.Concat([]byte{0}, binary.BigEndian.AppendUint32(nil, dest), p.Peer[:], p.MessageID[:], u128(index), body)

	sendMessage := AdapterSendMessage(d, adapter, sender, svm.AdapterMessage{DestinationChainID: dest, MessageID: p.MessageID, Payload: body})
	shimAccounts := []solana.PublicKey{d.BridgeConfig, d.ShimMessage(), d.WormholeEmitter(), d.WormholeSequence(), sender, d.FeeCollector,
		svm.ClockSysvar, svm.SystemProgram, d.CoreBridge, svm.EventAuthority(d.Shim), d.Shim}
	const finalized = 1
	postMessage := Instruction{Program: d.Shim, Accounts: shimAccounts,
		Data: slices.Concat(anchorDisc("global:post_message"), binary.LittleEndian.AppendUint32(nil, 0), []byte{finalized}, borshBytes(published))}
	// The core bridge's PostMessage (instruction 1): nonce, an empty
	// payload, consistency level.
	corePost := Instruction{Program: d.CoreBridge, Accounts: shimAccounts[:8], Data: []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, finalized}}
	when := p.SubmissionTime
	if when == 0 {
		when = 1_700_000_000
	}
	event := EventData("MessageEvent", d.WormholeEmitter(), p.Sequence, when)

	inner := []Instruction{at(2, unwrap), at(2, burn), at(2, sendMessage)}
	if p.MessageFee > 0 {
		inner = append(inner, at(3, Instruction{Program: svm.SystemProgram, Accounts: []solana.PublicKey{sender, d.FeeCollector},
			Data: binary.LittleEndian.AppendUint64([]byte{2, 0, 0, 0}, p.MessageFee)}))
	}
	inner = append(inner, at(3, postMessage), at(4, corePost), at(4, Emit(d.Shim, event)))

	tokenSent := EventData("TokenSent", slot("extension_mint"), dest, destToken, sender, recipient, new(big.Int).SetUint64(amount), index, adapter)
	logs := []string{
		"Program " + d.Portal.String() + " invoke [1]",
		"Program log: Instruction: SendToken",
		"Program " + adapter.String() + " invoke [2]",
		"Program log: Instruction: SendMessage",
		"Program " + d.Shim.String() + " invoke [3]",
		"Program " + d.Shim.String() + " success",
		"Program " + adapter.String() + " success",
		"Program data: " + base64.StdEncoding.EncodeToString(tokenSent),
		"Program " + d.Portal.String() + " success",
	}
	send.StackHeight = 1
	return Transaction{Instructions: []Instruction{send}, Inner: map[int][]Instruction{0: inner}, Logs: logs}, nil
}

// AdapterSendMessage is the invocation by which d's Portal hands m to the
// bridge adapter (d's Wormhole adapter, or the instruction's
// bridge_adapter), payer paying: the adapter's send_message with m's
// arguments in Borsh after its discriminator (wormhole_adapter.json), its
// accounts the IDL's (payer, the adapter's global, the Portal's global and
// authority, the core bridge's config, the shim's message, the emitter,
// its sequence, the fee collector, the clock, the system program, the core
// bridge, the shim's event authority, the shim), at stack height 2, as
// the Portal invokes it. A cancel or fill report of the order book is
// invoked one level deeper (3), under the Portal's send_*_report.
func AdapterSendMessage(d svm.PortalDeployment, adapter, payer solana.PublicKey, m svm.AdapterMessage) Instruction {
	p, err := svm.WormholeAdapterIDL()
	if err != nil {
		panic(err) // the embedded IDLs are checked by svm's own tests
	}
	disc, _ := p.Discriminator("send_message")
	return Instruction{Program: adapter, StackHeight: 2,
		Data: slices.Concat(disc, binary.LittleEndian.AppendUint32(nil, m.DestinationChainID), m.MessageID[:], borshBytes(m.Payload), []byte{m.PayloadType}),
		Accounts: []solana.PublicKey{payer, d.WormholeGlobal(), d.PortalGlobal(), d.PortalAuthority(), d.BridgeConfig, d.ShimMessage(), d.WormholeEmitter(),
			d.WormholeSequence(), d.FeeCollector, svm.ClockSysvar, svm.SystemProgram, d.CoreBridge, svm.EventAuthority(d.Shim), d.Shim}}
}

// borshBytes is Borsh's bytes: a u32 LE length, then b.
func borshBytes(b []byte) []byte {
	return append(binary.LittleEndian.AppendUint32(nil, uint32(len(b))), b...)
}

// anchorDisc is Anchor's discriminator of preimage ("global:<ix>" for an
// instruction): sha256, first 8 bytes. The post-message shim's, whose IDL
// svm does not embed (wormhole_post_message_shim.json: post_message
// [214, 50, 100, 209, 38, 34, 7, 76]).
func anchorDisc(preimage string) []byte {
	h := sha256.Sum256([]byte(preimage))
	return h[:8]
}
