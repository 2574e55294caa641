import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BLOG_VISIBILITIES, BlogPostInput } from '#schemas/blog-post';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { BLOG_POST_FORM_MESSAGES } from '../messages';

export interface BlogPostDraft {
  title: string;
  slug: string;
  excerpt: string;
  contentIt: string;
  contentEn: string;
  visibility: string;
  publishedOn: string;
}

export const NEW_BLOG_POST: BlogPostDraft = { title: '', slug: '', excerpt: '', contentIt: '', contentEn: '', visibility: '0', publishedOn: '' };

interface Props {
  initial: BlogPostDraft;
  submitLabelId: string;
  successMessageId: string;
  send: (input: BlogPostInput) => Promise<unknown>;
}

/** A blog post: title, slug, excerpt, Markdown content in Italian and English (both required), visibility, date. */
export function BlogPostForm({ initial, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(BlogPostInput, successMessageId, BLOG_POST_FORM_MESSAGES);
  const { draft, field } = useDraft(initial, errors);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({ ...draft, visibility: Number(draft.visibility), publishedOn: draft.publishedOn || null }, send);
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="blog-post-form">
      <div className="form-grid">
        <TextField {...field('title')} labelId="blogPosts.field.title" required />
        <TextField {...field('slug')} labelId="blogPosts.field.slug" hint={<FormattedMessage id="blogPosts.field.slug.hint" />} required />
        <SelectField
          {...field('visibility')}
          labelId="blogPosts.field.visibility"
          options={BLOG_VISIBILITIES.map((v) => ({ value: String(v), label: intl.formatMessage({ id: `blogPosts.visibility.${v}` }) }))}
        />
        <TextField {...field('publishedOn')} type="date" labelId="blogPosts.field.publishedOn" />
        <TextField {...field('excerpt')} labelId="blogPosts.field.excerpt" multiline />
      </div>
      <p className="form__hint">
        <FormattedMessage id="blogPosts.markdownHint" />
      </p>
      <TextField {...field('contentIt')} labelId="blogPosts.field.contentIt" multiline required />
      <TextField {...field('contentEn')} labelId="blogPosts.field.contentEn" multiline required />
      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="blog-post-submit" />
      </div>
    </form>
  );
}
