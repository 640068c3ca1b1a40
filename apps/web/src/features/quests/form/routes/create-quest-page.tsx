import { usePageTitle } from '../../../../lib/use-page-title';
import { CreateQuestForm } from '../components/create-quest-form';
import { PageBackLink } from '../../../../components/ui/page-back-link';

export function CreateQuestPage() {
  usePageTitle('Create a quest');
  return (
    <div className="page">
      <PageBackLink to="/quests">Quests</PageBackLink>
      <h1 className="page__title">Create a quest</h1>
      <CreateQuestForm />
    </div>
  );
}
