import { FormattedMessage, useIntl } from 'react-intl';
import { usePortalImage } from '../api/get-portal-image';
import type { PortalView } from '../api/get-portal';

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * What a customer sees of the portal, on a phone (the app: its logo and theme) or on a desktop (the web portal: its
 * logo), in the merchant's colour: the header, the published posts, the services, the contacts and the privacy text.
 */
export function PortalPreview({ merchantId, view, device }: { merchantId: string; view: PortalView; device: 'phone' | 'desktop' }) {
  const intl = useIntl();
  const { settings } = view;
  const lang = intl.locale.startsWith('it') ? 'It' : 'En';
  const logoKind = device === 'phone' && settings.appLogo ? 'appLogo' : 'logo';
  const logoFile = settings[logoKind];
  const logo = usePortalImage(merchantId, `files/${logoKind}`, logoFile?.uploadedAt ?? null);
  const dark = device === 'phone' && settings.mobileTheme === 1;
  return (
    <div
      className={`portal-preview portal-preview--${device}${dark ? ' portal-preview--dark' : ''}`}
      data-testid={`portal-preview-${device}`}
      style={{ ['--portal-colour' as string]: settings.mainColor, ['--portal-on-colour' as string]: textOn(settings.mainColor) }}
    >
      <header className="portal-preview__header" data-testid={`portal-preview-${device}-header`}>
        {logo.data ? (
          <img src={logo.data} alt={intl.formatMessage({ id: 'cogeskey.preview.logo' }, { name: settings.name })} className="portal-preview__logo" />
        ) : null}
        <strong>{settings.name || <FormattedMessage id="cogeskey.preview.unnamed" />}</strong>
      </header>
      <div className="portal-preview__body">
        <section aria-label={intl.formatMessage({ id: 'cogeskey.preview.posts' })}>
          <h3>
            <FormattedMessage id="cogeskey.preview.posts" />
          </h3>
          {view.posts.length === 0 ? (
            <p className="form__hint">
              <FormattedMessage id="cogeskey.preview.noPosts" />
            </p>
          ) : (
            view.posts.map((post) => <PreviewPost key={post.id} merchantId={merchantId} post={post} lang={lang} />)
          )}
        </section>
        {view.services.length > 0 && (
          <section aria-label={intl.formatMessage({ id: 'cogeskey.preview.services' })}>
            <h3>
              <FormattedMessage id="cogeskey.preview.services" />
            </h3>
            <ul className="portal-preview__services" data-testid={`portal-preview-${device}-services`}>
              {view.services.map((s) => (
                <li key={s.id}>
                  <span className="portal-preview__chip">{s.name}</span> {s.description}
                </li>
              ))}
            </ul>
          </section>
        )}
        {view.contacts.length > 0 && (
          <section aria-label={intl.formatMessage({ id: 'cogeskey.preview.contacts' })}>
            <h3>
              <FormattedMessage id="cogeskey.preview.contacts" />
            </h3>
            <ul className="portal-preview__contacts" data-testid={`portal-preview-${device}-contacts`}>
              {view.contacts.map((c, i) => (
                <li key={i}>
                  <strong>{c.label}</strong>
                  {c.phone && <span> · {c.phone}</span>}
                  {c.email && <span> · {c.email}</span>}
                </li>
              ))}
            </ul>
          </section>
        )}
        {view.privacy && (
          <details>
            <summary>
              <FormattedMessage id="cogeskey.preview.privacy" />
            </summary>
            <p className="portal-preview__privacy">{view.privacy}</p>
          </details>
        )}
        {settings.websiteUrl && (
          <p>
            <a href={settings.websiteUrl} rel="noopener noreferrer" target="_blank">
              {settings.websiteUrl}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}

function PreviewPost({ merchantId, post, lang }: { merchantId: string; post: PortalView['posts'][number]; lang: 'It' | 'En' }) {
  const image = usePortalImage(merchantId, `blogposts/${encodeURIComponent(post.id)}/image`, post.hasImage ? post.id : null);
  return (
    <article className="portal-preview__post">
      {image.data && <img src={image.data} alt="" className="portal-preview__post-image" />}
      <h4>{post.title}</h4>
      {post.excerpt && <p>{post.excerpt}</p>}
      {/* Sanitised by the API's renderer (functions/core/blog-posts/markdown.ts): only its own tags. */}
      <div className="blog-preview" dangerouslySetInnerHTML={{ __html: post[`html${lang}`] }} />
    </article>
  );
}
