// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { AddressCast, IERC20, Roles, SafeTransfer } from "./Common.sol";
import { CancelReport, FillReport, IOrderBookReports } from "./OrderTypes.sol";

interface IMTokenLike {
    function mint(address to, uint256 amount) external;
    function burn(uint256 amount) external;
    function currentIndex() external view returns (uint128);
}

interface ISwapFacilityLike {
    function swapInM(address extensionOut, uint256 amount, address recipient) external;
    function swapOutM(address extensionIn, uint256 amount, address recipient) external;
}

/// @title  Portal
/// @notice Stand-in for M0 Portal V2 with its sending interface (`sendToken`, `sendFillReport`,
///         `sendCancelReport`, `quote`) and events. The Portal is its own, only, bridge adapter: a message
///         is "sent" by emitting `MessageSent(destinationChainId, messageId, payloadType, payload)`, and a
///         relayer holding RELAYER_ROLE on the destination Portal delivers it by calling
///         `receiveMessage(sourceChainId, payload)` there.
///
///         Payload (all ABI-encoded, see README.md):
///           payload = abi.encode(uint8 payloadType, uint32 destinationChainId, bytes32 messageId, bytes body)
///           TokenTransfer (0): body = abi.encode(uint256 amount, bytes32 destinationToken, bytes32 sender,
///                                                bytes32 recipient, uint128 index)
///           FillReport    (4): body = abi.encode(FillReport)
///           CancelReport  (6): body = abi.encode(CancelReport)
///
///         On a hub Portal M is locked on send and released on receive; on a spoke Portal it is burned
///         and minted (the spoke Portal needs MINTER_ROLE on the M token). Extensions are unwrapped
///         through `SwapFacility.swapOutM` on send and wrapped with `swapInM` on receive (the Portal needs
///         M_SWAPPER_ROLE); a failed wrap delivers M and emits `WrapFailed`.
contract Portal is Roles {
    using AddressCast for address;
    using AddressCast for bytes32;
    using SafeTransfer for address;

    uint8 public constant TOKEN_TRANSFER = 0;
    uint8 public constant FILL_REPORT = 4;
    uint8 public constant CANCEL_REPORT = 6;

    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    /// @notice Gas given to SwapFacility.swapInM when a transfer arrives for an extension.
    uint256 public constant WRAP_GAS = 300_000;

    address public immutable mToken;
    address public immutable swapFacility;
    bool public immutable isHub;
    address public orderBook;

    uint256 public feePerGas;
    uint256 private _nonce;

    mapping(uint32 destinationChainId => mapping(uint8 payloadType => uint256)) public payloadGasLimit;
    mapping(address sourceToken => mapping(uint32 destinationChainId => mapping(bytes32 destinationToken => bool)))
        public supportedBridgingPath;
    mapping(bytes32 messageId => bool) public processedMessages;

    event TokenSent(
        address indexed sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        address indexed sender,
        bytes32 indexed recipient,
        uint256 amount,
        uint128 index,
        address bridgeAdapter,
        bytes32 messageId
    );
    event TokenReceived(
        uint32 sourceChainId,
        address indexed destinationToken,
        bytes32 indexed sender,
        address indexed recipient,
        uint256 amount,
        uint128 index,
        bytes32 messageId
    );
    event FillReportSent(
        uint32 indexed destinationChainId,
        bytes32 indexed orderId,
        uint128 amountInToRelease,
        uint128 amountOutFilled,
        bytes32 originRecipient,
        bytes32 tokenIn,
        uint128 index,
        address bridgeAdapter,
        bytes32 messageId
    );
    event FillReportReceived(
        uint32 indexed sourceChainId,
        bytes32 indexed orderId,
        uint128 amountInToRelease,
        uint128 amountOutFilled,
        bytes32 originRecipient,
        bytes32 tokenIn,
        uint128 index,
        bytes32 messageId
    );
    event CancelReportSent(
        uint32 indexed destinationChainId,
        bytes32 indexed orderId,
        bytes32 originSender,
        bytes32 tokenIn,
        uint128 amountInToRefund,
        uint128 index,
        address bridgeAdapter,
        bytes32 messageId
    );
    event CancelReportReceived(
        uint32 indexed sourceChainId,
        bytes32 indexed orderId,
        bytes32 originSender,
        bytes32 tokenIn,
        uint128 amountInToRefund,
        uint128 index,
        bytes32 messageId
    );
    event WrapFailed(address indexed destinationExtension, address indexed recipient, uint256 amount);
    event SupportedBridgingPathSet(
        address indexed sourceToken, uint32 indexed destinationChainId, bytes32 indexed destinationToken, bool supported
    );
    event PayloadGasLimitSet(uint32 indexed destinationChainId, uint8 indexed payloadType, uint256 gasLimit);
    event FeePerGasSet(uint256 feePerGas);
    event OrderBookSet(address orderBook);
    /// @notice The devnet bridge's outbox: everything a relayer needs to deliver the message.
    event MessageSent(uint32 indexed destinationChainId, bytes32 indexed messageId, uint8 payloadType, bytes payload);

    error ZeroMToken();
    error ZeroSwapFacility();
    error ZeroOrderBook();
    error ZeroAmount();
    error ZeroRecipient();
    error ZeroRefundAddress();
    error NotOrderBook();
    error InvalidDestinationChain(uint32 destinationChainId);
    error UnsupportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken);
    error UnsupportedBridgeAdapter(uint32 destinationChainId, address bridgeAdapter);
    error InsufficientAmountReceived(uint256 specifiedAmount, uint256 actualAmount);
    error PayloadGasLimitNotSet(uint32 destinationChainId, uint8 payloadType);
    error MessageAlreadyProcessed(bytes32 messageId);
    error InvalidPayloadType(uint8 payloadType);
    error InsufficientFee(uint256 required, uint256 provided);
    error RefundFailed(address refundAddress);
    error InsufficientGas();
    error SendingPaused();
    error ReceivingPaused();

    /// @notice Whether sending (transfers and reports) is paused; the views have the real Portal's names, the
    ///         setters below are this stand-in's own.
    bool public sendPaused;
    bool public receivePaused;

    event SendPausedSet(bool paused);
    event ReceivePausedSet(bool paused);

    constructor(address mToken_, address swapFacility_, bool isHub_, address admin) Roles(admin) {
        if (mToken_ == address(0)) revert ZeroMToken();
        if (swapFacility_ == address(0)) revert ZeroSwapFacility();
        mToken = mToken_;
        swapFacility = swapFacility_;
        isHub = isHub_;
    }

    // ---------------------------------------------------------------- sending

    function sendToken(
        uint256 amount,
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bytes32 recipient,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _sendToken(amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress);
    }

    function sendToken(
        uint256 amount,
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bytes32 recipient,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return _sendToken(amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress);
    }

    function sendFillReport(
        uint32 destinationChainId,
        FillReport calldata report,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _sendFillReport(destinationChainId, report, refundAddress);
    }

    function sendFillReport(
        uint32 destinationChainId,
        FillReport calldata report,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return _sendFillReport(destinationChainId, report, refundAddress);
    }

    function sendCancelReport(
        uint32 destinationChainId,
        CancelReport calldata report,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _sendCancelReport(destinationChainId, report, refundAddress);
    }

    function sendCancelReport(
        uint32 destinationChainId,
        CancelReport calldata report,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return _sendCancelReport(destinationChainId, report, refundAddress);
    }

    // ---------------------------------------------------------------- receiving

    /// @notice Delivers a message emitted by `MessageSent` on the Portal of `sourceChainId`.
    function receiveMessage(uint32 sourceChainId, bytes calldata payload) external onlyRole(RELAYER_ROLE) {
        if (receivePaused) revert ReceivingPaused();
        (uint8 payloadType, uint32 destinationChainId, bytes32 messageId, bytes memory body) =
            abi.decode(payload, (uint8, uint32, bytes32, bytes));
        if (destinationChainId != currentChainId()) revert InvalidDestinationChain(destinationChainId);
        if (processedMessages[messageId]) revert MessageAlreadyProcessed(messageId);
        processedMessages[messageId] = true;

        if (payloadType == TOKEN_TRANSFER) {
            _receiveToken(sourceChainId, messageId, body);
        } else if (payloadType == FILL_REPORT) {
            FillReport memory report = abi.decode(body, (FillReport));
            emit FillReportReceived(
                sourceChainId,
                report.orderId,
                report.amountInToRelease,
                report.amountOutFilled,
                report.originRecipient,
                report.tokenIn,
                _index(),
                messageId
            );
            IOrderBookReports(orderBook).reportFill(sourceChainId, report);
        } else if (payloadType == CANCEL_REPORT) {
            CancelReport memory report = abi.decode(body, (CancelReport));
            emit CancelReportReceived(
                sourceChainId,
                report.orderId,
                report.orderSender,
                report.tokenIn,
                report.amountInToRefund,
                _index(),
                messageId
            );
            IOrderBookReports(orderBook).reportCancel(sourceChainId, report);
        } else {
            revert InvalidPayloadType(payloadType);
        }
    }

    // ---------------------------------------------------------------- views

    function currentChainId() public view returns (uint32) {
        return uint32(block.chainid);
    }

    function currentIndex() external view returns (uint128) {
        return _index();
    }

    function getNonce() external view returns (uint256) {
        return _nonce;
    }

    function defaultBridgeAdapter(uint32) external view returns (address) {
        return address(this);
    }

    function supportedBridgeAdapter(uint32, address bridgeAdapter) public view returns (bool) {
        return bridgeAdapter == address(this);
    }

    /// @notice The native fee for a message: payloadGasLimit(destinationChainId, payloadType) * feePerGas.
    function quote(uint32 destinationChainId, uint8 payloadType) public view returns (uint256) {
        uint256 gasLimit = payloadGasLimit[destinationChainId][payloadType];
        if (gasLimit == 0) revert PayloadGasLimitNotSet(destinationChainId, payloadType);
        return gasLimit * feePerGas;
    }

    function quote(uint32 destinationChainId, uint8 payloadType, address bridgeAdapter)
        external
        view
        returns (uint256)
    {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return quote(destinationChainId, payloadType);
    }

    // ---------------------------------------------------------------- admin

    function setOrderBook(address orderBook_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (orderBook_ == address(0)) revert ZeroOrderBook();
        orderBook = orderBook_;
        emit OrderBookSet(orderBook_);
    }

    function setSupportedBridgingPath(
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bool supported
    ) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (destinationChainId == currentChainId()) revert InvalidDestinationChain(destinationChainId);
        supportedBridgingPath[sourceToken][destinationChainId][destinationToken] = supported;
        emit SupportedBridgingPathSet(sourceToken, destinationChainId, destinationToken, supported);
    }

    function setPayloadGasLimit(uint32 destinationChainId, uint8 payloadType, uint256 gasLimit)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        payloadGasLimit[destinationChainId][payloadType] = gasLimit;
        emit PayloadGasLimitSet(destinationChainId, payloadType, gasLimit);
    }

    function setSendPaused(bool paused) external onlyRole(DEFAULT_ADMIN_ROLE) {
        sendPaused = paused;
        emit SendPausedSet(paused);
    }

    function setReceivePaused(bool paused) external onlyRole(DEFAULT_ADMIN_ROLE) {
        receivePaused = paused;
        emit ReceivePausedSet(paused);
    }

    function setFeePerGas(uint256 feePerGas_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        feePerGas = feePerGas_;
        emit FeePerGasSet(feePerGas_);
    }

    /// @notice Sends the collected messaging fees to `to`.
    function withdrawFees(address payable to) external onlyRole(DEFAULT_ADMIN_ROLE) {
        (bool ok,) = to.call{ value: address(this).balance }("");
        if (!ok) revert RefundFailed(to);
    }

    // ---------------------------------------------------------------- internals

    function _sendToken(
        uint256 amount,
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bytes32 recipient,
        bytes32 refundAddress
    ) private returns (bytes32 messageId) {
        if (amount == 0) revert ZeroAmount();
        if (recipient == bytes32(0)) revert ZeroRecipient();
        if (!supportedBridgingPath[sourceToken][destinationChainId][destinationToken]) {
            revert UnsupportedBridgingPath(sourceToken, destinationChainId, destinationToken);
        }
        _collectFee(destinationChainId, TOKEN_TRANSFER, refundAddress);
        _pullM(sourceToken, amount);

        uint128 index = _index();
        bytes memory body = abi.encode(amount, destinationToken, msg.sender.toBytes32(), recipient, index);
        messageId = _dispatch(destinationChainId, TOKEN_TRANSFER, body);
        emit TokenSent(
            sourceToken,
            destinationChainId,
            destinationToken,
            msg.sender,
            recipient,
            amount,
            index,
            address(this),
            messageId
        );
    }

    function _sendFillReport(uint32 destinationChainId, FillReport calldata report, bytes32 refundAddress)
        private
        returns (bytes32 messageId)
    {
        if (msg.sender != orderBook) revert NotOrderBook();
        _collectFee(destinationChainId, FILL_REPORT, refundAddress);
        messageId = _dispatch(destinationChainId, FILL_REPORT, abi.encode(report));
        emit FillReportSent(
            destinationChainId,
            report.orderId,
            report.amountInToRelease,
            report.amountOutFilled,
            report.originRecipient,
            report.tokenIn,
            _index(),
            address(this),
            messageId
        );
    }

    function _sendCancelReport(uint32 destinationChainId, CancelReport calldata report, bytes32 refundAddress)
        private
        returns (bytes32 messageId)
    {
        if (msg.sender != orderBook) revert NotOrderBook();
        _collectFee(destinationChainId, CANCEL_REPORT, refundAddress);
        messageId = _dispatch(destinationChainId, CANCEL_REPORT, abi.encode(report));
        emit CancelReportSent(
            destinationChainId,
            report.orderId,
            report.orderSender,
            report.tokenIn,
            report.amountInToRefund,
            _index(),
            address(this),
            messageId
        );
    }

    /// @dev Takes `amount` of `sourceToken` from the caller and leaves it as M locked here (hub) or burned (spoke).
    function _pullM(address sourceToken, uint256 amount) private {
        uint256 before = IERC20(sourceToken).balanceOf(address(this));
        sourceToken.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(sourceToken).balanceOf(address(this)) - before;
        if (received < amount) revert InsufficientAmountReceived(amount, received);

        if (sourceToken != mToken) {
            sourceToken.safeApprove(swapFacility, amount);
            ISwapFacilityLike(swapFacility).swapOutM(sourceToken, amount, address(this));
        }
        if (!isHub) IMTokenLike(mToken).burn(amount);
    }

    function _receiveToken(uint32 sourceChainId, bytes32 messageId, bytes memory body) private {
        (uint256 amount, bytes32 destinationToken, bytes32 sender, bytes32 recipient_, uint128 index) =
            abi.decode(body, (uint256, bytes32, bytes32, bytes32, uint128));
        address token = destinationToken.toAddress();
        address recipient = recipient_.toAddress();

        if (!isHub) IMTokenLike(mToken).mint(address(this), amount);

        if (token == mToken) {
            mToken.safeTransfer(recipient, amount);
        } else {
            mToken.safeApprove(swapFacility, amount);
            // A wrap that runs out of gas is the relayer's fault, not the recipient's: refuse to try it with
            // less than WRAP_GAS, so that gas estimation never settles for a WrapFailed delivery.
            if (gasleft() < WRAP_GAS) revert InsufficientGas();
            try ISwapFacilityLike(swapFacility).swapInM{ gas: WRAP_GAS }(token, amount, recipient) { }
            catch {
                mToken.safeApprove(swapFacility, 0);
                mToken.safeTransfer(recipient, amount);
                emit WrapFailed(token, recipient, amount);
            }
        }
        emit TokenReceived(sourceChainId, token, sender, recipient, amount, index, messageId);
    }

    function _dispatch(uint32 destinationChainId, uint8 payloadType, bytes memory body)
        private
        returns (bytes32 messageId)
    {
        messageId = keccak256(abi.encode(block.chainid, address(this), destinationChainId, _nonce++));
        bytes memory payload = abi.encode(payloadType, destinationChainId, messageId, body);
        emit MessageSent(destinationChainId, messageId, payloadType, payload);
    }

    /// @dev Requires msg.value >= quote and refunds the excess to `refundAddress`.
    function _collectFee(uint32 destinationChainId, uint8 payloadType, bytes32 refundAddress) private {
        if (sendPaused) revert SendingPaused();
        if (destinationChainId == currentChainId()) revert InvalidDestinationChain(destinationChainId);
        if (refundAddress == bytes32(0)) revert ZeroRefundAddress();
        uint256 fee = quote(destinationChainId, payloadType);
        if (msg.value < fee) revert InsufficientFee(fee, msg.value);
        if (msg.value > fee) {
            address to = refundAddress.toAddress();
            (bool ok,) = to.call{ value: msg.value - fee }("");
            if (!ok) revert RefundFailed(to);
        }
    }

    function _checkAdapter(uint32 destinationChainId, address bridgeAdapter) private view {
        if (!supportedBridgeAdapter(destinationChainId, bridgeAdapter)) {
            revert UnsupportedBridgeAdapter(destinationChainId, bridgeAdapter);
        }
    }

    function _index() private view returns (uint128) {
        return IMTokenLike(mToken).currentIndex();
    }
}
