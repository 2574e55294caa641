/** The parts of the API Gateway HTTP API (payload 2.0) event and result that the functions use. */
export interface HttpEvent {
  version: '2.0';
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
  pathParameters?: Record<string, string | undefined>;
  requestContext: { requestId: string; http: { method: string; path: string; sourceIp: string; userAgent?: string } };
  body?: string;
  isBase64Encoded: boolean;
}

export interface HttpResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}
