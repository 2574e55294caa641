import type { Language } from '#schemas/collections';
import type { Role } from '#schemas/roles';

/** The shape of `.local/stack.json`: a contract other tools (tests, simulator, scripts) rely on. */
export interface StackInfo {
  web: string;
  api: string;
  cognito: { endpoint: string; userPoolId: string; clientId: string };
  mqtt: string;
  /** IoT data-plane shaped publish endpoint (POST /topics/{topic}?qos=1). */
  iotData: string;
  s3: string;
  dynamodb: string;
  tableName: string;
  buckets: { firmware: string; cashDatabases: string; exports: string; content: string };
  users: DemoUser[];
  /** The idle probe of a stack started by run-stack.ts (infra/local/idle.ts): tests wait for it instead of sleeping. */
  idle?: string;
  /** Where a test runs a scheduled trigger now (POST `<schedules><name>`, infra/local/idle.ts) instead of waiting for its timer. */
  schedules?: string;
}

export interface DemoUser {
  role: Role;
  email: string;
  password: string;
  merchantIds: string[];
  groupIds: string[];
  language: Language;
}
