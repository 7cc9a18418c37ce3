import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { HttpMethod } from '../../functions/routes';
import { permissionsFor, type Capability, type FunctionPermissions } from '../stacks/permissions';

/**
 * The grant table of infra/stacks/permissions.ts, enforced in the local runtime as IAM enforces
 * it on AWS: every handler invocation runs inside a context naming its function, and each
 * DynamoDB call, secret seal/open (KMS), run-time secret read (Secrets Manager), Step Functions
 * call, Lambda invoke (async dispatch, invoke-self) and Google call is checked against that
 * function's grants. A call outside them
 * throws an error shaped like the AWS SDK's AccessDeniedException. Every checked call is recorded,
 * so a run can report grants a function never used (too wide).
 */
export type Access =
  | { kind: 'table'; write: boolean; action: string }
  | { kind: 'capability'; capability: Capability; action: string }
  | { kind: 'dispatch'; taskId: string; action: string };

export type PermissionsLookup = (id: string, method?: HttpMethod) => FunctionPermissions;

type Invocation = { id: string; method?: HttpMethod; permissions: FunctionPermissions };

const current = new AsyncLocalStorage<Invocation>();

/** An error as the AWS SDK throws it for a call IAM refuses. */
export class AccessDeniedException extends Error {
  override readonly name = 'AccessDeniedException';
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400 };
  readonly Code = 'AccessDeniedException';
  constructor(functionId: string, action: string) {
    super(`User: arn:aws:sts::000000000000:assumed-role/${functionId}-role/${functionId} is not authorized to perform: ${action} because no identity-based policy allows the ${action} action (local grant enforcement, infra/stacks/permissions.ts)`);
  }
}

/** What one function used during a run, as grant-table terms. */
type Usage = { method?: HttpMethod; invocations: number; table: 'none' | 'read' | 'readWrite'; capabilities: Set<Capability>; dispatches: Set<string>; denied: Set<string> };

export type UsageReportEntry = {
  id: string;
  invocations: number;
  granted: FunctionPermissions;
  used: { table: 'none' | 'read' | 'readWrite'; capabilities: Capability[]; dispatches: string[] };
  /** granted but never used in the run: the grant may be too wide (or the run did not exercise it) */
  unused: { table?: 'readWrite'; capabilities: Capability[]; dispatches: string[] };
  denied: string[];
};

export type GrantsEnforcer = {
  /** runs a handler invocation as function `id` */
  run<T>(id: string, method: HttpMethod | undefined, fn: () => T): T;
  /** throws AccessDeniedException when the running function lacks the grant; no-op outside a handler */
  check(access: Access): void;
  report(): UsageReportEntry[];
  /** the function running in this async context, if any */
  current(): string | undefined;
};

export const createGrantsEnforcer = (options: { lookup?: PermissionsLookup; enforce?: boolean } = {}): GrantsEnforcer => {
  const lookup = options.lookup ?? permissionsFor;
  const enforce = options.enforce ?? true;
  const usage = new Map<string, Usage>();
  const usageOf = (invocation: Invocation): Usage => {
    let entry = usage.get(invocation.id);
    if (!entry) {
      entry = { method: invocation.method, invocations: 0, table: 'none', capabilities: new Set(), dispatches: new Set(), denied: new Set() };
      usage.set(invocation.id, entry);
    }
    return entry;
  };
  const allowed = (permissions: FunctionPermissions, access: Access): boolean => {
    switch (access.kind) {
      case 'table':
        return !access.write || permissions.table === 'readWrite';
      case 'capability':
        return permissions.capabilities.includes(access.capability);
      case 'dispatch':
        return permissions.dispatches.includes(access.taskId);
    }
  };
  return {
    run(id, method, fn) {
      const invocation = { id, method, permissions: lookup(id, method) };
      usageOf(invocation).invocations += 1;
      return current.run(invocation, fn);
    },
    check(access) {
      const invocation = current.getStore();
      if (!invocation) return;
      const entry = usageOf(invocation);
      if (!allowed(invocation.permissions, access)) {
        entry.denied.add(access.action);
        if (enforce) throw new AccessDeniedException(invocation.id, access.action);
      }
      if (access.kind === 'table') entry.table = access.write ? 'readWrite' : entry.table === 'readWrite' ? 'readWrite' : 'read';
      else if (access.kind === 'capability') entry.capabilities.add(access.capability);
      else entry.dispatches.add(access.taskId);
    },
    current: () => current.getStore()?.id,
    report() {
      return [...usage.entries()]
        .map(([id, entry]): UsageReportEntry => {
          const granted = lookup(id, entry.method);
          return {
            id,
            invocations: entry.invocations,
            granted,
            used: { table: entry.table, capabilities: [...entry.capabilities].sort(), dispatches: [...entry.dispatches].sort() },
            unused: {
              ...(granted.table === 'readWrite' && entry.table !== 'readWrite' ? { table: 'readWrite' as const } : {}),
              capabilities: granted.capabilities.filter((capability) => !entry.capabilities.has(capability)),
              dispatches: granted.dispatches.filter((taskId) => !entry.dispatches.has(taskId)),
            },
            denied: [...entry.denied].sort(),
          };
        })
        .sort((a, b) => a.id.localeCompare(b.id));
    },
  };
};

/** DynamoDB operations a 'read' grant (CDK grantReadData) allows; every other data call needs 'readWrite'. */
const READ_OPERATIONS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'ConditionCheckItem', 'DescribeTable', 'TransactGetItems']);

/** The check for one DynamoDB command, by its SDK command name (GetItemCommand → dynamodb:GetItem). */
export const tableAccess = (commandName: string): Access => {
  const operation = commandName.replace(/Command$/, '');
  return { kind: 'table', write: !READ_OPERATIONS.has(operation), action: `dynamodb:${operation}` };
};

/** Hosts of Google's OAuth and APIs; the emulator's origin is added by the runtime. */
const googleOrigins = new Set<string>();
const isGoogleUrl = (url: URL): boolean =>
  // Google's public signing keys (verifying a push token) need no grant: anyone may read them.
  url.pathname !== '/oauth2/v3/certs' &&
  (googleOrigins.has(url.origin) || url.hostname === 'accounts.google.com' || url.hostname.endsWith('.googleapis.com'));

let activeEnforcers: GrantsEnforcer[] = [];
let originalFetch: typeof fetch | undefined;

const requestUrl = (input: Parameters<typeof fetch>[0]): URL | undefined => {
  try {
    return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  } catch {
    return undefined;
  }
};

/**
 * Checks every fetch to Google (OAuth, Gmail, Drive, Sheets; the emulator or the real services)
 * made by a running handler against its 'google' capability. Installed while a runtime runs.
 */
export const installGoogleFetchGuard = (enforcer: GrantsEnforcer, emulatorOrigin?: string): (() => void) => {
  if (emulatorOrigin) googleOrigins.add(new URL(emulatorOrigin).origin);
  activeEnforcers.push(enforcer);
  if (!originalFetch) {
    const upstream = globalThis.fetch;
    originalFetch = upstream;
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const url = requestUrl(input);
      if (url && isGoogleUrl(url)) {
        try {
          for (const active of activeEnforcers) active.check({ kind: 'capability', capability: 'google', action: `google:${url.pathname.split('/')[1] || 'request'}` });
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return upstream(input, init);
    }) as typeof fetch;
  }
  return () => {
    activeEnforcers = activeEnforcers.filter((active) => active !== enforcer);
    if (emulatorOrigin) googleOrigins.delete(new URL(emulatorOrigin).origin);
    if (!activeEnforcers.length && originalFetch) {
      globalThis.fetch = originalFetch;
      originalFetch = undefined;
    }
  };
};

/** Where runs of the local runtime merge their usage (one file per machine), for the report test. */
export const USAGE_REPORT_PATH = process.env.THREADLINE_GRANTS_REPORT ?? join(tmpdir(), 'threadline-grants-usage.json');

type StoredEntry = { invocations: number; granted: FunctionPermissions; used: UsageReportEntry['used']; denied: string[] };

/** Merges a runtime's usage into the report file (used grants are unioned across runs). */
export const mergeUsageReport = (entries: UsageReportEntry[], path = USAGE_REPORT_PATH): void => {
  if (!entries.length) return;
  let stored: Record<string, StoredEntry> = {};
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, StoredEntry>;
  } catch {
    // none yet, or torn by a concurrent writer: start afresh
  }
  for (const entry of entries) {
    const previous = stored[entry.id];
    const table = [previous?.used.table, entry.used.table].includes('readWrite') ? 'readWrite' : [previous?.used.table, entry.used.table].includes('read') ? 'read' : 'none';
    stored[entry.id] = {
      invocations: (previous?.invocations ?? 0) + entry.invocations,
      granted: entry.granted,
      used: {
        table,
        capabilities: [...new Set([...(previous?.used.capabilities ?? []), ...entry.used.capabilities])].sort(),
        dispatches: [...new Set([...(previous?.used.dispatches ?? []), ...entry.used.dispatches])].sort(),
      },
      denied: [...new Set([...(previous?.denied ?? []), ...entry.denied])].sort(),
    };
  }
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(stored, null, 2));
  renameSync(temporary, path);
};

/** The merged report: per function, what it was granted and never used in the recorded runs. */
export const readUsageReport = (path = USAGE_REPORT_PATH): Record<string, StoredEntry & { unused: UsageReportEntry['unused'] }> => {
  let stored: Record<string, StoredEntry>;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, StoredEntry>;
  } catch {
    return {};
  }
  return Object.fromEntries(
    Object.entries(stored).map(([id, entry]) => [
      id,
      {
        ...entry,
        unused: {
          ...(entry.granted.table === 'readWrite' && entry.used.table !== 'readWrite' ? { table: 'readWrite' as const } : {}),
          capabilities: entry.granted.capabilities.filter((capability) => !entry.used.capabilities.includes(capability)),
          dispatches: entry.granted.dispatches.filter((taskId) => !entry.used.dispatches.includes(taskId)),
        },
      },
    ]),
  );
};
