// Compiles src/*.sol with the solc-js package given as argv[2] (standard-JSON input) and writes
// <Name>.abi and <Name>.bin for every deployable contract into argv[4].
// Usage: node compile.js <path to node_modules/solc> <src dir> <out dir>
'use strict';
const fs = require('fs');
const path = require('path');

const [solcPath, srcDir, outDir] = process.argv.slice(2);
const solc = require(path.resolve(solcPath));

// The contracts that get artifacts and Go bindings (interfaces, libraries and abstract bases do not).
const CONTRACTS = [
  'MToken', 'MExtension', 'CachedDomainMExtension', 'ERC1967Proxy', 'FiatToken', 'TetherToken',
  'SwapFacility', 'Portal', 'OrderBook',
  'PoolFactory', 'ConstantProductPool', 'SwapRouter02', 'QuoterV2', 'Multicall3',
  'WormholeCore', 'Executor', 'WormholeBridgeAdapter', 'PriceFeed',
];
const MAX_RUNTIME_SIZE = 24576; // EIP-170

const sources = {};
for (const f of fs.readdirSync(srcDir).filter((f) => f.endsWith('.sol')).sort()) {
  sources[`src/${f}`] = { content: fs.readFileSync(path.join(srcDir, f), 'utf8') };
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    viaIR: true,
    // No metadata hash in the bytecode, so comments and paths do not change it.
    metadata: { bytecodeHash: 'none', appendCBOR: false },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
let failed = false;
// Deliberate and not worth a warning: unused parameters kept for the real ABI's names (5667) and
// QuoterV2.quoteExactInputSingle staying non-view as on mainnet (2018).
const QUIET = new Set(['5667', '2018']);
for (const e of output.errors || []) {
  if (e.severity === 'warning' && QUIET.has(e.errorCode)) continue;
  process.stderr.write(e.formattedMessage || e.message);
  if (e.severity === 'error') failed = true;
}
if (failed) process.exit(1);

fs.mkdirSync(outDir, { recursive: true });
const found = new Set();
for (const [unit, contracts] of Object.entries(output.contracts)) {
  for (const [name, c] of Object.entries(contracts)) {
    if (!CONTRACTS.includes(name)) continue;
    if (found.has(name)) throw new Error(`contract ${name} defined twice (${unit})`);
    found.add(name);
    const runtime = c.evm.deployedBytecode.object.length / 2;
    if (runtime > MAX_RUNTIME_SIZE) {
      process.stderr.write(`${name}: runtime size ${runtime} exceeds ${MAX_RUNTIME_SIZE}\n`);
      process.exit(1);
    }
    fs.writeFileSync(path.join(outDir, `${name}.abi`), JSON.stringify(c.abi, null, 1) + '\n');
    fs.writeFileSync(path.join(outDir, `${name}.bin`), c.evm.bytecode.object + '\n');
    process.stdout.write(`${name}: runtime ${runtime} bytes\n`);
  }
}
const missing = CONTRACTS.filter((n) => !found.has(n));
if (missing.length) {
  process.stderr.write(`missing contracts: ${missing.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(`solc ${solc.version()}\n`);
