import ArticleIcon from '@mui/icons-material/Article';
import { Create, Edit } from 'react-admin';
import { PostForm } from './PostForm';
import { PostList } from './PostList';

/** The blog's posts and pages (moderators): the text in the rich-text editor, a lazy chunk of its own. */
export default {
  list: PostList,
  create: () => (
    <Create redirect="list" title="resources.posts.page.create">
      <PostForm />
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <PostForm />
    </Edit>
  ),
  icon: ArticleIcon,
};
