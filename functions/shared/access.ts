/**
 * What a function's dependencies reach beyond its own logs. Each route group's and trigger's deps module
 * declares it beside what it builds; the CDK stacks grant exactly this, and a read-only table access also
 * makes the function's table client refuse writes (so a local run fails where AWS would answer AccessDenied).
 */
export interface FunctionAccess {
  table?: 'read' | 'readWrite';
  /** Administers the users of the pool (Cognito Admin* calls). */
  cognitoAdmin?: true;
  /** Publishes to `vend/<serial>/commands` (IoT data plane). */
  publishCommands?: true;
  /** Starts historical-data workflow executions (env HISTORICAL_DATA_STATE_MACHINE_ARN). */
  startWorkflows?: true;
}
