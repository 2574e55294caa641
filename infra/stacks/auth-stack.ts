import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from '../constructs/nag';
import type { StageConfig } from '../constructs/stage';

export interface AuthStackProps extends StackProps {
  stage: StageConfig;
}

/** Cognito user pool (email sign-in, `custom:roles`, admin-created users) and the SPA's app client. */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** `https://cognito-idp.<region>.amazonaws.com/<poolId>`: the `iss` of the pool's tokens. */
  readonly issuer: string;
  readonly jwksUrl: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: stage.physicalName('users'),
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: { roles: new cognito.StringAttribute({ mutable: true, minLen: 1, maxLen: 2048 }) },
      passwordPolicy: {
        minLength: 8,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        requireLowercase: false,
        tempPasswordValidity: Duration.days(7),
      },
      userInvitation: {
        emailSubject: 'Your vending console account',
        emailBody: 'You have been invited to the vending console. Sign in with {username} and the temporary password {####}.',
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: stage.isProd,
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is not part of the product specification and the embedded stack (cognito-local) cannot do it; users are admin-invited only and the password policy is enforced.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Threat protection needs the Plus feature plan, a per-user cost not budgeted; self sign-up is disabled and users are admin-invited.',
    );

    this.userPoolClient = this.userPool.addClient('SpaClient', {
      userPoolClientName: stage.physicalName('spa'),
      generateSecret: false,
      // USER_PASSWORD_AUTH: the embedded cognito-local has no SRP, and the SPA uses the same flow everywhere.
      // Refresh-token auth is always allowed by Cognito (ALLOW_REFRESH_TOKEN_AUTH).
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true, emailVerified: true }).withCustomAttributes('roles'),
      // custom:roles is assigned by administrators through the users API, never writable by the user.
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true }),
    });

    this.issuer = this.userPool.userPoolProviderUrl;
    this.jwksUrl = `${this.issuer}/.well-known/jwks.json`;

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
