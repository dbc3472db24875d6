package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// addPool creates the (USDC, USDT, fee) pool on w and seeds it with the given reserves.
func (w *world) addPool(fee int64, usdc, usdt int64) common.Address {
	w.t.Helper()
	r := w.ok(w.factory.CreatePool(w.opts(adminKey), w.usdcAddr, w.usdtAddr, big.NewInt(fee)))
	pool := event(w.t, r, w.factoryAddr, w.factory.ParsePoolCreated).Pool
	p, err := bindings.NewConstantProductPool(pool, w.cl)
	if err != nil {
		w.t.Fatal(err)
	}
	token0, _ := p.Token0(nil)
	a0, a1 := units(usdc), units(usdt)
	if token0 != w.usdcAddr {
		a0, a1 = a1, a0
	}
	w.ok(w.usdc.Mint(w.opts(adminKey), admin, units(usdc)))
	w.ok(w.usdt.Mint(w.opts(adminKey), admin, units(usdt)))
	w.ok(w.usdc.Approve(w.opts(adminKey), pool, units(usdc)))
	w.ok(w.usdt.Approve(w.opts(adminKey), pool, units(usdt)))
	w.ok(p.AddLiquidity(w.opts(adminKey), a0, a1))
	return pool
}

// callQuoteExactInputSingle eth_calls QuoterV2 (not a view function, as on mainnet).
func (w *world) callQuoteExactInputSingle(tokenIn, tokenOut common.Address, amountIn *big.Int, fee int64) ([]any, error) {
	var out []any
	err := (&bindings.QuoterV2Raw{Contract: w.quoter}).Call(&bind.CallOpts{}, &out, "quoteExactInputSingle", bindings.QuoteExactInputSingleParams{
		TokenIn: tokenIn, TokenOut: tokenOut, AmountIn: amountIn, Fee: big.NewInt(fee), SqrtPriceLimitX96: new(big.Int),
	})
	return out, err
}

// quoteExactInputSingle is callQuoteExactInputSingle that fails the test on an error.
func (w *world) quoteExactInputSingle(tokenIn, tokenOut common.Address, amountIn *big.Int, fee int64) (amountOut, sqrtPriceAfter *big.Int) {
	w.t.Helper()
	out, err := w.callQuoteExactInputSingle(tokenIn, tokenOut, amountIn, fee)
	if err != nil {
		w.t.Fatalf("quoteExactInputSingle: %v (%s)", err, revertName(err))
	}
	if len(out) != 4 {
		w.t.Fatalf("quoteExactInputSingle returned %d values", len(out))
	}
	return out[0].(*big.Int), out[1].(*big.Int)
}

// cpOut is the constant-product output the pools promise: r_out * in' / (r_in + in'), in' = in * (1e6 - fee) / 1e6.
func cpOut(rIn, rOut, in *big.Int, fee int64) *big.Int {
	inFee := new(big.Int).Div(new(big.Int).Mul(in, big.NewInt(1_000_000-fee)), big.NewInt(1_000_000))
	return new(big.Int).Div(new(big.Int).Mul(rOut, inFee), new(big.Int).Add(rIn, inFee))
}

func TestAMM(t *testing.T) {
	w := deploy(newChain(t, hubChainID), true, 0)
	w.addPool(500, 1_000_000, 1_000_000)
	w.addPool(3000, 1_000_000, 1_000_000)
	w.addPool(100, 10_000, 10_000) // shallow
	w.ok(w.usdc.Mint(w.opts(adminKey), alice, units(1000)))
	amountIn := units(100)

	t.Run("quotes depend on fee and liquidity", func(t *testing.T) {
		w := w.in(t)
		q500, _ := w.quoteExactInputSingle(w.usdcAddr, w.usdtAddr, amountIn, 500)
		q3000, _ := w.quoteExactInputSingle(w.usdcAddr, w.usdtAddr, amountIn, 3000)
		q100, _ := w.quoteExactInputSingle(w.usdcAddr, w.usdtAddr, amountIn, 100)
		eq(t, "quote at 0.05%", q500, cpOut(units(1_000_000), units(1_000_000), amountIn, 500))
		eq(t, "quote at 0.3%", q3000, cpOut(units(1_000_000), units(1_000_000), amountIn, 3000))
		eq(t, "quote in the shallow pool", q100, cpOut(units(10_000), units(10_000), amountIn, 100))
		if !(q500.Cmp(q3000) > 0 && q500.Cmp(q100) > 0) {
			t.Fatalf("quotes 0.05%% %s, 0.3%% %s, shallow 0.01%% %s: want the deep low-fee pool best", q500, q3000, q100)
		}
		_, err := w.callQuoteExactInputSingle(w.usdcAddr, w.usdtAddr, amountIn, 10000)
		if revertName(err) != "PoolNotFound" {
			t.Fatalf("quote for a missing pool: %v", err)
		}
	})

	t.Run("multicall(deadline, [selfPermit, exactInputSingle]) pays exactly the quote", func(t *testing.T) {
		w := w.in(t)
		router := contracts.MustABI("SwapRouter02")
		deadline := new(big.Int).SetUint64(w.now() + 600)
		nonce, _ := w.usdc.Nonces(nil, alice)
		v, r, s := splitSig(signPermit(t, aliceKey, permitDomain("USD Coin", "2", w.id, w.usdcAddr), w.routerAddr, amountIn, nonce, deadline))
		permitCall, err := router.Pack("selfPermit", w.usdcAddr, amountIn, deadline, v, r, s)
		if err != nil {
			t.Fatal(err)
		}
		quote, sqrtAfter := w.quoteExactInputSingle(w.usdcAddr, w.usdtAddr, amountIn, 500)
		swap := func(minOut *big.Int) []byte {
			call, err := router.Pack("exactInputSingle", bindings.ExactInputSingleParams{
				TokenIn: w.usdcAddr, TokenOut: w.usdtAddr, Fee: big.NewInt(500), Recipient: bob,
				AmountIn: amountIn, AmountOutMinimum: minOut, SqrtPriceLimitX96: new(big.Int),
			})
			if err != nil {
				t.Fatal(err)
			}
			return call
		}

		w.fails("Too little received")(w.router.Multicall0(w.opts(aliceKey), deadline, [][]byte{permitCall, swap(new(big.Int).Add(quote, common.Big1))}))
		w.fails("Transaction too old")(w.router.Multicall0(w.opts(aliceKey), new(big.Int).SetUint64(w.now()-1), [][]byte{permitCall, swap(quote)}))

		before := w.tokenBalance(w.usdtAddr, bob)
		w.ok(w.router.Multicall0(w.opts(aliceKey), deadline, [][]byte{permitCall, swap(quote)}))
		eq(t, "bob's USDT", new(big.Int).Sub(w.tokenBalance(w.usdtAddr, bob), before), quote)
		eq(t, "alice's USDC", w.tokenBalance(w.usdcAddr, alice), units(900))
		pool, _ := w.factory.GetPool(nil, w.usdcAddr, w.usdtAddr, big.NewInt(500))
		p, _ := bindings.NewConstantProductPool(pool, w.cl)
		price, _ := p.SqrtPriceX96(nil)
		eq(t, "pool price after the swap", price, sqrtAfter)

		// The next quote reflects the moved reserves.
		next, _ := w.quoteExactInputSingle(w.usdcAddr, w.usdtAddr, amountIn, 500)
		if next.Cmp(quote) >= 0 {
			t.Fatalf("second quote %s not below the first %s", next, quote)
		}
	})

	t.Run("exactInputSingle with an allowance and the msg.sender recipient", func(t *testing.T) {
		w := w.in(t)
		w.ok(w.usdc.Approve(w.opts(aliceKey), w.routerAddr, abi.MaxUint256))
		quote, _ := w.quoteExactInputSingle(w.usdcAddr, w.usdtAddr, units(10), 3000)
		before := w.tokenBalance(w.usdtAddr, alice)
		w.ok(w.router.ExactInputSingle(w.opts(aliceKey), bindings.ExactInputSingleParams{
			TokenIn: w.usdcAddr, TokenOut: w.usdtAddr, Fee: big.NewInt(3000), Recipient: common.HexToAddress("0x1"),
			AmountIn: units(10), AmountOutMinimum: quote, SqrtPriceLimitX96: new(big.Int),
		}))
		eq(t, "alice's USDT", new(big.Int).Sub(w.tokenBalance(w.usdtAddr, alice), before), quote)
	})
}

func TestMulticall3(t *testing.T) {
	w := deploy(newChain(t, hubChainID), true, 0)
	w.fundM(alice, units(42))
	erc20 := contracts.MustABI("MToken")
	mc := contracts.MustABI("Multicall3")
	balanceOf, _ := erc20.Pack("balanceOf", alice)
	mint, _ := erc20.Pack("mint", alice, units(1)) // the multicall holds no MINTER_ROLE: reverts
	blockNumber, _ := mc.Pack("getBlockNumber")
	ethBalance, _ := mc.Pack("getEthBalance", alice)

	aggregate := func(allowFailure bool) ([]bindings.Multicall3Result, error) {
		var out []any
		err := (&bindings.Multicall3Raw{Contract: w.mc3}).Call(&bind.CallOpts{}, &out, "aggregate3", []bindings.Multicall3Call3{
			{Target: w.mAddr, AllowFailure: false, CallData: balanceOf},
			{Target: w.mAddr, AllowFailure: allowFailure, CallData: mint},
			{Target: w.mc3Addr, AllowFailure: false, CallData: blockNumber},
			{Target: w.mc3Addr, AllowFailure: false, CallData: ethBalance},
		})
		if err != nil {
			return nil, err
		}
		return *abi.ConvertType(out[0], new([]bindings.Multicall3Result)).(*[]bindings.Multicall3Result), nil
	}

	res, err := aggregate(true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 4 || !res[0].Success || res[1].Success || !res[2].Success || !res[3].Success {
		t.Fatalf("results = %+v", res)
	}
	eq(t, "balanceOf via aggregate3", new(big.Int).SetBytes(res[0].ReturnData), units(42))
	if e := customErrors()[[4]byte(res[1].ReturnData[:4])]; e.Name != "AccessControlUnauthorizedAccount" {
		t.Fatalf("failed call returned %x", res[1].ReturnData)
	}
	head, _ := w.cl.BlockNumber(t.Context())
	eq(t, "getBlockNumber via aggregate3", new(big.Int).SetBytes(res[2].ReturnData), new(big.Int).SetUint64(head)) // eth_call runs on the latest block
	eq(t, "getEthBalance via aggregate3", new(big.Int).SetBytes(res[3].ReturnData), w.balance(alice))

	if _, err := aggregate(false); revertName(err) != "Multicall3: call failed" {
		t.Fatalf("aggregate3 with a disallowed failure: %v", err)
	}
	n, err := w.mc3.GetBlockNumber(nil)
	if err != nil || n.Uint64() != head {
		t.Fatalf("getBlockNumber = %v, %v; want %d", n, err, head)
	}
}
