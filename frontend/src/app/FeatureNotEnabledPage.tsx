import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { FeatureFlag } from '#schemas/features';
import { Page } from '../components/Page';

/**
 * An address typed by hand (or an old bookmark) of a screen whose feature the current distributor has not got: says
 * so plainly, names the feature and the distributor, and offers the dashboard, instead of an error or an empty table.
 */
export function FeatureNotEnabledPage({ feature, merchantName }: { feature: FeatureFlag; merchantName: string }) {
  return (
    <Page title={<FormattedMessage id="featureGate.title" />} testId="feature-not-enabled">
      <section className="card state" data-feature={feature}>
        <p>
          <FormattedMessage id="featureGate.message" values={{ feature: <FormattedMessage id={`features.${feature}`} />, merchant: merchantName }} />
        </p>
        <p>
          <FormattedMessage id="featureGate.hint" />
        </p>
        <Link to="/dashboard" className="button button--secondary" data-testid="feature-not-enabled-home">
          <FormattedMessage id="featureGate.home" />
        </Link>
      </section>
    </Page>
  );
}
