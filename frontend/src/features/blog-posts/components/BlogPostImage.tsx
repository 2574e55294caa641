import useSWR, { mutate } from 'swr';
import { FormattedMessage } from 'react-intl';
import { BlogPostView } from '#schemas/blog-post';
import { ContentFileField } from '../../../components/form/ContentFileField';
import { useToast } from '../../../components/toasts';
import { apiRequest } from '../../../lib/api';
import { fileDataUrl, uploadContentFile } from '../../../lib/content-upload';
import { blogPostKey } from '../api/get-blog-post';
import { blogPostErrorMessageId } from '../messages';

/** A post's image (jpg or png, checked by the API from its bytes): sent with its progress, shown, removed. */
export function BlogPostImage({ post }: { post: BlogPostView }) {
  const { showToast } = useToast();
  const path = `${blogPostKey(post.id)}/image`;
  const preview = useSWR(post.image ? [path, post.image.uploadedAt] : null, () => fileDataUrl(path), { revalidateOnFocus: false });

  async function upload(file: File, onProgress: (share: number) => void) {
    try {
      const uploadId = await uploadContentFile('/blogposts/uploads', 'image', file, onProgress);
      const saved = await apiRequest(path, { method: 'PUT', body: { uploadId, fileName: file.name }, schema: BlogPostView });
      await mutate(blogPostKey(post.id), saved, { revalidate: false });
      showToast({ kind: 'success', messageId: 'blogPosts.image.saved' });
    } catch (error) {
      showToast({ kind: 'error', messageId: blogPostErrorMessageId(error) });
      throw error;
    }
  }
  async function remove() {
    try {
      await apiRequest(path, { method: 'DELETE' });
      await mutate(blogPostKey(post.id));
      showToast({ kind: 'success', messageId: 'blogPosts.image.removed' });
    } catch (error) {
      showToast({ kind: 'error', messageId: blogPostErrorMessageId(error) });
    }
  }

  return (
    <section className="card form" aria-labelledby="blog-image-title" data-testid="blog-post-image">
      <h2 id="blog-image-title">
        <FormattedMessage id="blogPosts.image.title" />
      </h2>
      <ContentFileField
        labelId="blogPosts.image.field"
        accept=".png,.jpg,.jpeg"
        hintId="blogPosts.image.hint"
        current={post.image}
        previewUrl={preview.data}
        onUpload={upload}
        onRemove={remove}
        testId="blog-image"
      />
    </section>
  );
}
