// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Types shared by the OrderBook and the Portal, declared once so the Go bindings share them.

enum OrderStatus {
    DoesNotExist,
    Created,
    Cancelled,
    Completed
}

/// @notice The hosted service's order parameters (liquidity-delivery fix/remove-gasless): `sender` is the
///         order owner (cancel and refund rights); the funds and the permit come from msg.sender.
struct OrderParams {
    uint32 destChainId;
    uint32 fillDeadline;
    address tokenIn;
    bytes32 tokenOut;
    uint128 amountIn;
    uint128 amountOut;
    bytes32 recipient;
    bytes32 solver;
    address sender;
}

struct Order {
    OrderStatus status;
    uint16 version;
    address sender;
    uint64 nonce;
    uint32 destChainId;
    uint32 createdAt;
    uint32 fillDeadline;
    address tokenIn;
    bytes32 tokenOut;
    uint128 amountIn;
    uint128 amountOut;
    bytes32 recipient;
    bytes32 solver;
}

/// @notice The order as every chain sees it; orderId = keccak256(abi.encodePacked(all fields in order)).
struct OrderData {
    uint16 version;
    bytes32 sender;
    uint64 nonce;
    uint32 originChainId;
    uint32 destChainId;
    uint64 createdAt;
    uint64 fillDeadline;
    bytes32 tokenIn;
    bytes32 tokenOut;
    uint128 amountIn;
    uint128 amountOut;
    bytes32 recipient;
    bytes32 solver;
}

struct FillParams {
    uint128 amountOutToFill;
    bytes32 originRecipient;
    bytes32 refundAddress;
}

struct FilledAmounts {
    uint128 amountInRefunded;
    uint128 amountInReleased;
    uint128 amountOutFilled;
}

struct FillReport {
    bytes32 orderId;
    uint128 amountInToRelease;
    uint128 amountOutFilled;
    bytes32 originRecipient;
    bytes32 tokenIn;
}

struct CancelReport {
    bytes32 orderId;
    bytes32 orderSender;
    bytes32 tokenIn;
    uint128 amountInToRefund;
}

interface IOrderBookReports {
    function reportFill(uint32 sourceChainId, FillReport calldata report) external;
    function reportCancel(uint32 sourceChainId, CancelReport calldata report) external;
}

interface IPortalReports {
    function sendFillReport(
        uint32 destinationChainId,
        FillReport calldata report,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32 messageId);

    function sendFillReport(
        uint32 destinationChainId,
        FillReport calldata report,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32 messageId);

    function sendCancelReport(
        uint32 destinationChainId,
        CancelReport calldata report,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32 messageId);

    function sendCancelReport(
        uint32 destinationChainId,
        CancelReport calldata report,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32 messageId);
}
