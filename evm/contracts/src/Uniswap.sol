// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { IERC20, IERC20Permit, SafeTransfer } from "./Common.sol";

/// @notice SwapRouter02's exactInputSingle parameters (no deadline; use multicall(deadline, ...)).
struct ExactInputSingleParams {
    address tokenIn;
    address tokenOut;
    uint24 fee;
    address recipient;
    uint256 amountIn;
    uint256 amountOutMinimum;
    uint160 sqrtPriceLimitX96;
}

/// @notice SwapRouter02's exactOutputSingle parameters (no deadline; use multicall(deadline, ...)).
struct ExactOutputSingleParams {
    address tokenIn;
    address tokenOut;
    uint24 fee;
    address recipient;
    uint256 amountOut;
    uint256 amountInMaximum;
    uint160 sqrtPriceLimitX96;
}

/// @notice QuoterV2's quoteExactOutputSingle parameters (amount is the output wanted).
struct QuoteExactOutputSingleParams {
    address tokenIn;
    address tokenOut;
    uint256 amount;
    uint24 fee;
    uint160 sqrtPriceLimitX96;
}

/// @notice QuoterV2's quoteExactInputSingle parameters (amountIn before fee).
struct QuoteExactInputSingleParams {
    address tokenIn;
    address tokenOut;
    uint256 amountIn;
    uint24 fee;
    uint160 sqrtPriceLimitX96;
}

/// @title  PoolFactory
/// @notice Creates one ConstantProductPool per (token pair, fee tier), with Uniswap V3 factory's
///         `createPool(tokenA, tokenB, fee)` and `getPool(tokenA, tokenB, fee)` (either token order).
///         Fee tiers are V3's: 100, 500, 3000 and 10000 (hundredths of a basis point).
contract PoolFactory {
    mapping(address => mapping(address => mapping(uint24 => address))) public getPool;

    event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, address pool);

    error InvalidPool();

    function createPool(address tokenA, address tokenB, uint24 fee) external returns (address pool) {
        if (tokenA == tokenB || tokenA == address(0) || tokenB == address(0)) revert InvalidPool();
        if (fee != 100 && fee != 500 && fee != 3000 && fee != 10000) revert InvalidPool();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (getPool[token0][token1][fee] != address(0)) revert InvalidPool();
        pool = address(new ConstantProductPool(token0, token1, fee));
        getPool[token0][token1][fee] = pool;
        getPool[token1][token0][fee] = pool;
        emit PoolCreated(token0, token1, fee, pool);
    }
}

/// @title  ConstantProductPool
/// @notice x*y=k pool behind the router and quoter. The fee (in millionths) is taken from the input:
///         out = reserveOut * in' / (reserveIn + in'), in' = in * (1e6 - fee) / 1e6.
///         Liquidity is added by anyone and never withdrawn (seeding only).
contract ConstantProductPool {
    using SafeTransfer for address;

    address public immutable factory;
    address public immutable token0;
    address public immutable token1;
    uint24 public immutable fee;

    uint256 public reserve0;
    uint256 public reserve1;

    event LiquidityAdded(address indexed provider, uint256 amount0, uint256 amount1);
    event Swap(
        address indexed sender, address indexed recipient, bool zeroForOne, uint256 amountIn, uint256 amountOut
    );

    error InsufficientInput();
    error InsufficientLiquidity();

    constructor(address token0_, address token1_, uint24 fee_) {
        factory = msg.sender;
        token0 = token0_;
        token1 = token1_;
        fee = fee_;
    }

    /// @notice Pulls `amount0` of token0 and `amount1` of token1 from the caller into the reserves.
    function addLiquidity(uint256 amount0, uint256 amount1) external {
        token0.safeTransferFrom(msg.sender, address(this), amount0);
        token1.safeTransferFrom(msg.sender, address(this), amount1);
        _sync();
        emit LiquidityAdded(msg.sender, amount0, amount1);
    }

    /// @notice Swaps what was paid in since the last sync (pay first, then call) and sends the output to
    ///         `recipient`.
    function swap(address recipient, bool zeroForOne) external returns (uint256 amountIn, uint256 amountOut) {
        (address tokenIn, address tokenOut, uint256 reserveIn) =
            zeroForOne ? (token0, token1, reserve0) : (token1, token0, reserve1);
        amountIn = IERC20(tokenIn).balanceOf(address(this)) - reserveIn;
        if (amountIn == 0) revert InsufficientInput();
        amountOut = getAmountOut(zeroForOne, amountIn);
        if (amountOut == 0) revert InsufficientLiquidity();
        tokenOut.safeTransfer(recipient, amountOut);
        _sync();
        emit Swap(msg.sender, recipient, zeroForOne, amountIn, amountOut);
    }

    function getAmountOut(bool zeroForOne, uint256 amountIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 inAfterFee = amountIn * (1e6 - fee) / 1e6;
        return reserveOut * inAfterFee / (reserveIn + inAfterFee);
    }

    /// @notice The least input whose swap pays out at least `amountOut` (getAmountOut inverted, rounding
    ///         up); reverts when the pool holds too little of the output.
    function getAmountIn(bool zeroForOne, uint256 amountOut) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        if (amountOut == 0 || amountOut >= reserveOut) revert InsufficientLiquidity();
        uint256 inAfterFee = (amountOut * reserveIn + (reserveOut - amountOut) - 1) / (reserveOut - amountOut);
        return (inAfterFee * 1e6 + (1e6 - fee) - 1) / (1e6 - fee);
    }

    /// @notice sqrt(reserve1 / reserve0) in Q64.96 (0 for an empty pool), 48 fractional bits of precision.
    function sqrtPriceX96() public view returns (uint160) {
        return _sqrtPriceX96(reserve0, reserve1);
    }

    /// @notice The pool price after swapping `amountIn` (the fee stays in the pool, as in V3).
    function sqrtPriceX96After(bool zeroForOne, uint256 amountIn) external view returns (uint160) {
        uint256 out = getAmountOut(zeroForOne, amountIn);
        return zeroForOne
            ? _sqrtPriceX96(reserve0 + amountIn, reserve1 - out)
            : _sqrtPriceX96(reserve0 - out, reserve1 + amountIn);
    }

    function _sync() private {
        reserve0 = IERC20(token0).balanceOf(address(this));
        reserve1 = IERC20(token1).balanceOf(address(this));
    }

    function _sqrtPriceX96(uint256 r0, uint256 r1) private pure returns (uint160) {
        if (r0 == 0) return 0;
        return uint160(_sqrt((r1 << 96) / r0) << 48);
    }

    function _sqrt(uint256 x) private pure returns (uint256 y) {
        if (x == 0) return 0;
        uint256 z = x / 2 + 1;
        y = x;
        while (z < y) {
            y = z;
            z = (x / z + z) / 2;
        }
    }
}

/// @title  SwapRouter02
/// @notice Uniswap SwapRouter02 stand-in: `multicall` (plain, with deadline, with previous block hash),
///         `selfPermit`, `selfPermitIfNecessary`, `exactInputSingle` and `exactOutputSingle` over the
///         PoolFactory's pools.
///         Recipient address(1) means msg.sender and address(2) this router; amountIn 0 spends the
///         router's own balance of tokenIn (SwapRouter02's constants).
contract SwapRouter02 {
    using SafeTransfer for address;

    address public immutable factory;

    error PoolNotFound(address tokenIn, address tokenOut, uint24 fee);

    constructor(address factory_) {
        factory = factory_;
    }

    function multicall(bytes[] calldata data) public payable returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i; i < data.length; ++i) {
            (bool ok, bytes memory result) = address(this).delegatecall(data[i]);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
            results[i] = result;
        }
    }

    function multicall(uint256 deadline, bytes[] calldata data) external payable returns (bytes[] memory) {
        require(block.timestamp <= deadline, "Transaction too old");
        return multicall(data);
    }

    function multicall(bytes32 previousBlockhash, bytes[] calldata data) external payable returns (bytes[] memory) {
        require(blockhash(block.number - 1) == previousBlockhash, "Blockhash");
        return multicall(data);
    }

    function selfPermit(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        public
        payable
    {
        IERC20Permit(token).permit(msg.sender, address(this), value, deadline, v, r, s);
    }

    function selfPermitIfNecessary(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        payable
    {
        if (IERC20(token).allowance(msg.sender, address(this)) < value) selfPermit(token, value, deadline, v, r, s);
    }

    function exactInputSingle(ExactInputSingleParams calldata p) external payable returns (uint256 amountOut) {
        address pool = PoolFactory(factory).getPool(p.tokenIn, p.tokenOut, p.fee);
        if (pool == address(0)) revert PoolNotFound(p.tokenIn, p.tokenOut, p.fee);
        bool zeroForOne = p.tokenIn < p.tokenOut;

        uint256 amountIn = p.amountIn;
        if (amountIn == 0) {
            amountIn = IERC20(p.tokenIn).balanceOf(address(this));
            p.tokenIn.safeTransfer(pool, amountIn);
        } else {
            p.tokenIn.safeTransferFrom(msg.sender, pool, amountIn);
        }
        if (p.sqrtPriceLimitX96 != 0) {
            uint160 after_ = ConstantProductPool(pool).sqrtPriceX96After(zeroForOne, amountIn);
            require(zeroForOne ? after_ >= p.sqrtPriceLimitX96 : after_ <= p.sqrtPriceLimitX96, "SPL");
        }

        address recipient = p.recipient == address(1) ? msg.sender : p.recipient == address(2) ? address(this) : p.recipient;
        (, amountOut) = ConstantProductPool(pool).swap(recipient, zeroForOne);
        require(amountOut >= p.amountOutMinimum, "Too little received");
    }

    /// @notice Pulls the least input that buys `amountOut` (ConstantProductPool.getAmountIn), at most
    ///         `amountInMaximum`, from the caller. The pool's rounding may pay a unit or so more than
    ///         `amountOut`, never less.
    function exactOutputSingle(ExactOutputSingleParams calldata p) external payable returns (uint256 amountIn) {
        address pool = PoolFactory(factory).getPool(p.tokenIn, p.tokenOut, p.fee);
        if (pool == address(0)) revert PoolNotFound(p.tokenIn, p.tokenOut, p.fee);
        bool zeroForOne = p.tokenIn < p.tokenOut;
        amountIn = ConstantProductPool(pool).getAmountIn(zeroForOne, p.amountOut);
        require(amountIn <= p.amountInMaximum, "Too much requested");
        p.tokenIn.safeTransferFrom(msg.sender, pool, amountIn);
        if (p.sqrtPriceLimitX96 != 0) {
            uint160 after_ = ConstantProductPool(pool).sqrtPriceX96After(zeroForOne, amountIn);
            require(zeroForOne ? after_ >= p.sqrtPriceLimitX96 : after_ <= p.sqrtPriceLimitX96, "SPL");
        }
        address recipient = p.recipient == address(1) ? msg.sender : p.recipient == address(2) ? address(this) : p.recipient;
        (, uint256 out) = ConstantProductPool(pool).swap(recipient, zeroForOne);
        require(out >= p.amountOut, "Too little received");
    }
}

/// @title  QuoterV2
/// @notice Uniswap QuoterV2 stand-in: `quoteExactInputSingle` returns exactly what `exactInputSingle`
///         would pay out against the current reserves. Not a view function, as on mainnet: use eth_call.
contract QuoterV2 {
    address public immutable factory;

    constructor(address factory_) {
        factory = factory_;
    }

    function quoteExactInputSingle(QuoteExactInputSingleParams memory p)
        external
        returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)
    {
        uint256 gasBefore = gasleft();
        address pool = PoolFactory(factory).getPool(p.tokenIn, p.tokenOut, p.fee);
        if (pool == address(0)) revert SwapRouter02.PoolNotFound(p.tokenIn, p.tokenOut, p.fee);
        bool zeroForOne = p.tokenIn < p.tokenOut;
        amountOut = ConstantProductPool(pool).getAmountOut(zeroForOne, p.amountIn);
        sqrtPriceX96After = ConstantProductPool(pool).sqrtPriceX96After(zeroForOne, p.amountIn);
        if (p.sqrtPriceLimitX96 != 0) {
            require(
                zeroForOne ? sqrtPriceX96After >= p.sqrtPriceLimitX96 : sqrtPriceX96After <= p.sqrtPriceLimitX96,
                "SPL"
            );
        }
        initializedTicksCrossed = 0;
        gasEstimate = gasBefore - gasleft();
    }

    /// @notice The input `exactOutputSingle` would pull for `p.amount` out against the current reserves.
    function quoteExactOutputSingle(QuoteExactOutputSingleParams memory p)
        external
        returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)
    {
        uint256 gasBefore = gasleft();
        address pool = PoolFactory(factory).getPool(p.tokenIn, p.tokenOut, p.fee);
        if (pool == address(0)) revert SwapRouter02.PoolNotFound(p.tokenIn, p.tokenOut, p.fee);
        bool zeroForOne = p.tokenIn < p.tokenOut;
        amountIn = ConstantProductPool(pool).getAmountIn(zeroForOne, p.amount);
        sqrtPriceX96After = ConstantProductPool(pool).sqrtPriceX96After(zeroForOne, amountIn);
        if (p.sqrtPriceLimitX96 != 0) {
            require(
                zeroForOne ? sqrtPriceX96After >= p.sqrtPriceLimitX96 : sqrtPriceX96After <= p.sqrtPriceLimitX96,
                "SPL"
            );
        }
        initializedTicksCrossed = 0;
        gasEstimate = gasBefore - gasleft();
    }
}
