'use strict';
// The LiteSVM harness's runner: reads a JSON array of requests on stdin,
// runs each one's transactions in a fresh LiteSVM (SPL Token, Token-2022,
// ATA, ALT and compute budget built in), and writes the JSON array of
// results on stdout. The Go side (litesvm.go) defines the shapes.
// Transactions arrive as the spec's SvmPayload has them, unsigned:
// signature verification and the blockhash check are off, and no history is
// kept, so the same zero-filled signature can run twice (which is how
// idempotency is tested).
const { LiteSVM, FailedTransactionMetadata } = require('litesvm');
const kit = require('@solana/kit');

// The names of litesvm's const enums (dist/internal.d.ts of the pinned 1.5.0:
// a const enum has no runtime object), by value.
const transactionErrors = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound',
  'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound',
  'CallChainTooDeep', 'MissingSignatureForFee', 'InvalidAccountIndex',
  'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure',
  'ClusterMaintenance', 'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion',
  'InvalidWritableAccount', 'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded', 'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled'
];
const instructionErrors = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData',
  'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature',
  'AccountAlreadyInitialized', 'UninitializedAccount',
  'UnbalancedInstruction', 'ModifiedProgramId',
  'ExternalAccountLamportSpend', 'ExternalAccountDataModified',
  'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys',
  'AccountDataSizeChanged', 'AccountNotExecutable', 'AccountBorrowFailed',
  'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded',
  'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError'
];

function enumName(names, v) {
  return names[v] !== undefined ? names[v] : String(v);
}

// describe renders a transaction error as "InstructionError(1, Custom(7))".
function describe(err) {
  if (typeof err === 'number') return enumName(transactionErrors, err);
  if (err && typeof err.index === 'number' && typeof err.err === 'function') {
    const ie = err.err();
    let inner;
    if (typeof ie === 'number') inner = enumName(instructionErrors, ie);
    else if (ie && typeof ie.code === 'number') inner = `Custom(${ie.code})`;
    else inner = String(ie);
    return `InstructionError(${err.index}, ${inner})`;
  }
  return String(err);
}

// run runs one request in a fresh LiteSVM.
function run(req) {
  const svm = new LiteSVM().withSigverify(false).withBlockhashCheck(false).withTransactionHistory(0n);
  if (req.slot) svm.warpToSlot(BigInt(req.slot));
  const b64 = kit.getBase64Encoder();
  for (const a of req.accounts || []) {
    const data = new Uint8Array(b64.encode(a.data || ''));
    svm.setAccount({
      address: kit.address(a.address),
      lamports: kit.lamports(BigInt(a.lamports)),
      programAddress: kit.address(a.owner),
      executable: !!a.executable,
      space: BigInt(data.length),
      data,
    });
  }
  const decoder = kit.getTransactionDecoder();
  const results = [];
  const warps = req.warps || [];
  for (const [i, t] of (req.transactions || []).entries()) {
    if (warps[i]) svm.warpToSlot(BigInt(warps[i]));
    const tx = decoder.decode(b64.encode(t));
    const out = svm.sendTransaction(tx);
    const failed = out instanceof FailedTransactionMetadata;
    const meta = failed ? out.meta() : out;
    const r = { ok: !failed, logs: meta.logs(), computeUnits: meta.computeUnitsConsumed().toString() };
    if (failed) r.err = describe(out.err());
    results.push(r);
  }
  const accounts = {};
  const b64d = kit.getBase64Decoder();
  for (const addr of req.watch || []) {
    const a = svm.getAccount(kit.address(addr));
    accounts[addr] = a.exists
      ? { address: addr, lamports: a.lamports.toString(), owner: a.programAddress, executable: a.executable, data: b64d.decode(a.data) }
      : null;
  }
  return { transactions: results, accounts };
}

// main runs the requests of input, a JSON array, each on its own.
function main(input) {
  return JSON.parse(input).map(run);
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  try {
    process.stdout.write(JSON.stringify(main(input)));
  } catch (e) {
    process.stderr.write(`litesvm runner: ${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 2;
  }
});
