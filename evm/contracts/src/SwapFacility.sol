// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { IERC20Permit, Roles, SafeTransfer } from "./Common.sol";

interface IMExtensionLike {
    function wrap(address recipient, uint256 amount) external;
    function unwrap(address recipient, uint256 amount) external;
}

/// @title  SwapFacility
/// @notice Stand-in for M0's SwapFacility with its external interface: `swap`, both `swapWithPermit`
///         overloads, `swapInM`, `swapOutM`, `canSwapViaPath`, the admin setters, the events and the custom
///         errors. The spender of every pull is this contract.
///         Routing (as `_swap` on mainnet):
///         - tokenIn == M: M -> extension; the caller needs M_SWAPPER_ROLE (or, for a permissioned
///           extension, to be a permissioned swapper for it);
///         - tokenOut == M: extension -> M; same caller rule;
///         - both approved extensions, neither permissioned: extension -> extension; no role needed;
///         - anything else reverts InvalidSwapPath (no JMI path here).
///         An extension is approved when admin-approved (no TTG Registrar on the devnet).
contract SwapFacility is Roles {
    using SafeTransfer for address;

    bytes32 public constant M_SWAPPER_ROLE = keccak256("M_SWAPPER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    address public immutable mToken;

    mapping(address extension => bool) public isAdminApprovedExtension;
    mapping(address extension => bool) public isPermissionedExtension;
    mapping(address extension => mapping(address swapper => bool)) public isPermissionedMSwapper;
    bool public paused;

    /// @dev The original caller while a swap runs (read by extensions through `msgSender()`); also the lock.
    address private transient _msgSender;

    event Swapped(address indexed extensionIn, address indexed extensionOut, uint256 amount, address indexed recipient);
    event SwappedInM(address indexed extensionOut, uint256 amount, address indexed recipient);
    event SwappedOutM(address indexed extensionIn, uint256 amount, address indexed recipient);
    event PermissionedExtensionSet(address indexed extension, bool permissioned);
    event PermissionedMSwapperSet(address indexed extension, address indexed swapper, bool allowed);
    event AdminApprovedExtensionSet(address indexed extension, bool approved);
    event Paused(address account);
    event Unpaused(address account);

    error ZeroMToken();
    error ZeroExtension();
    error ZeroSwapper();
    error NotApprovedExtension(address extension);
    error NotApprovedPermissionedSwapper(address extension, address swapper);
    error NotApprovedSwapper(address extension, address swapper);
    error PermissionedExtension(address extension);
    error InvalidSwapPath(address tokenIn, address tokenOut);
    error ContractLocked();
    error EnforcedPause();

    constructor(address mToken_, address admin) Roles(admin) {
        if (mToken_ == address(0)) revert ZeroMToken();
        mToken = mToken_;
        _grantRole(PAUSER_ROLE, admin);
    }

    modifier lock() {
        if (paused) revert EnforcedPause();
        if (_msgSender != address(0)) revert ContractLocked();
        _msgSender = msg.sender;
        _;
        _msgSender = address(0);
    }

    // ---------------------------------------------------------------- swaps

    function swap(address tokenIn, address tokenOut, uint256 amount, address recipient) external lock {
        _swap(tokenIn, tokenOut, amount, recipient);
    }

    function swapWithPermit(
        address tokenIn,
        address tokenOut,
        uint256 amount,
        address recipient,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external lock {
        try IERC20Permit(tokenIn).permit(msg.sender, address(this), amount, deadline, v, r, s) { } catch { }
        _swap(tokenIn, tokenOut, amount, recipient);
    }

    function swapWithPermit(
        address tokenIn,
        address tokenOut,
        uint256 amount,
        address recipient,
        uint256 deadline,
        bytes calldata signature
    ) external lock {
        try IERC20Permit(tokenIn).permit(msg.sender, address(this), amount, deadline, signature) { } catch { }
        _swap(tokenIn, tokenOut, amount, recipient);
    }

    function swapInM(address extensionOut, uint256 amount, address recipient) external lock {
        _swapInM(extensionOut, amount, recipient);
    }

    function swapOutM(address extensionIn, uint256 amount, address recipient) external lock {
        _swapOutM(extensionIn, amount, recipient);
    }

    // ---------------------------------------------------------------- views

    function msgSender() external view returns (address) {
        return _msgSender;
    }

    function isApprovedExtension(address extension) public view returns (bool) {
        return isAdminApprovedExtension[extension];
    }

    function isMSwapper(address swapper) external view returns (bool) {
        return hasRole(M_SWAPPER_ROLE, swapper);
    }

    /// @notice Whether `swapper` may call `swap(tokenIn, tokenOut, ...)` (ignores balances and allowances).
    function canSwapViaPath(address swapper, address tokenIn, address tokenOut) external view returns (bool) {
        if (tokenIn == mToken) return isApprovedExtension(tokenOut) && _isMSwapperFor(tokenOut, swapper);
        if (tokenOut == mToken) return isApprovedExtension(tokenIn) && _isMSwapperFor(tokenIn, swapper);
        return isApprovedExtension(tokenIn) && isApprovedExtension(tokenOut) && !isPermissionedExtension[tokenIn]
            && !isPermissionedExtension[tokenOut];
    }

    // ---------------------------------------------------------------- admin

    function setAdminApprovedExtension(address extension, bool approved) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (extension == address(0)) revert ZeroExtension();
        isAdminApprovedExtension[extension] = approved;
        emit AdminApprovedExtensionSet(extension, approved);
    }

    function setPermissionedExtension(address extension, bool permissioned) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (extension == address(0)) revert ZeroExtension();
        isPermissionedExtension[extension] = permissioned;
        emit PermissionedExtensionSet(extension, permissioned);
    }

    function setPermissionedMSwapper(address extension, address swapper, bool allowed)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        if (extension == address(0)) revert ZeroExtension();
        if (swapper == address(0)) revert ZeroSwapper();
        isPermissionedMSwapper[extension][swapper] = allowed;
        emit PermissionedMSwapperSet(extension, swapper, allowed);
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        paused = false;
        emit Unpaused(msg.sender);
    }

    // ---------------------------------------------------------------- internals

    function _swap(address tokenIn, address tokenOut, uint256 amount, address recipient) private {
        if (tokenIn == mToken) return _swapInM(tokenOut, amount, recipient);
        if (tokenOut == mToken) return _swapOutM(tokenIn, amount, recipient);
        if (!isApprovedExtension(tokenIn) || !isApprovedExtension(tokenOut)) revert InvalidSwapPath(tokenIn, tokenOut);
        if (isPermissionedExtension[tokenIn]) revert PermissionedExtension(tokenIn);
        if (isPermissionedExtension[tokenOut]) revert PermissionedExtension(tokenOut);

        tokenIn.safeTransferFrom(msg.sender, address(this), amount);
        IMExtensionLike(tokenIn).unwrap(address(this), amount);
        mToken.safeApprove(tokenOut, amount);
        IMExtensionLike(tokenOut).wrap(recipient, amount);
        emit Swapped(tokenIn, tokenOut, amount, recipient);
    }

    function _swapInM(address extensionOut, uint256 amount, address recipient) private {
        _revertIfNotApprovedExtension(extensionOut);
        _revertIfNotMSwapper(extensionOut, msg.sender);
        mToken.safeTransferFrom(msg.sender, address(this), amount);
        mToken.safeApprove(extensionOut, amount);
        IMExtensionLike(extensionOut).wrap(recipient, amount);
        emit SwappedInM(extensionOut, amount, recipient);
    }

    function _swapOutM(address extensionIn, uint256 amount, address recipient) private {
        _revertIfNotApprovedExtension(extensionIn);
        _revertIfNotMSwapper(extensionIn, msg.sender);
        extensionIn.safeTransferFrom(msg.sender, address(this), amount);
        IMExtensionLike(extensionIn).unwrap(recipient, amount);
        mToken.safeTransfer(recipient, amount);
        emit SwappedOutM(extensionIn, amount, recipient);
    }

    function _revertIfNotApprovedExtension(address extension) private view {
        if (!isApprovedExtension(extension)) revert NotApprovedExtension(extension);
    }

    function _revertIfNotMSwapper(address extension, address swapper) private view {
        if (isPermissionedExtension[extension]) {
            if (!isPermissionedMSwapper[extension][swapper]) revert NotApprovedPermissionedSwapper(extension, swapper);
        } else if (!hasRole(M_SWAPPER_ROLE, swapper)) {
            revert NotApprovedSwapper(extension, swapper);
        }
    }

    function _isMSwapperFor(address extension, address swapper) private view returns (bool) {
        return isPermissionedExtension[extension]
            ? isPermissionedMSwapper[extension][swapper]
            : hasRole(M_SWAPPER_ROLE, swapper);
    }
}
