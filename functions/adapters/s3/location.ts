/** Where the functions' S3 is: AWS in `region`, or a local `endpoint` (s3rver). No SDK here, so light modules can use it. */
export interface S3Location {
  region: string;
  /** Set only locally (S3_ENDPOINT): addressed path style, as s3rver needs. */
  endpoint?: string;
}

/** From AWS_REGION and S3_ENDPOINT, as every function of the process sees them. */
export function envS3Location(env: NodeJS.ProcessEnv = process.env): S3Location {
  return { region: env.AWS_REGION ?? 'eu-west-1', endpoint: env.S3_ENDPOINT || undefined };
}
