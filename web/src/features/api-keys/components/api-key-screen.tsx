import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { AuthCard } from '../../auth/components/auth-card';
import { useMembership } from '../../auth/api/use-membership';
import { useSaveApiKey } from '../api/set-api-key';
import { apiKeyErrorMessage } from '../lib/api-key-errors';
import { apiKeySchema, type ApiKeyForm } from '../lib/api-key-schema';

const text = messages.apiKey;

/**
 * The agency has no OpenAI key: an owner enters it here; a member cannot set it (the server
 * refuses), so they are told whom to ask instead of seeing the form.
 */
export const ApiKeyScreen = () => {
  const membership = useMembership();
  if (membership.role === 'member') return <AskAnOwner agency={membership.agencyDisplayName ?? ''} />;
  return <ApiKeyForm />;
};

const AskAnOwner = ({ agency }: { agency: string }) => (
  <AuthCard>
    <div className="text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <KeyRound className="h-6 w-6" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-semibold text-slate-900">{text.title}</h1>
      <p className="mt-4 text-sm text-slate-700" role="status">
        {messages.roles.askOwnerForApiKey(agency)}
      </p>
      <Link to="/agencies" className="mt-6 inline-block text-sm text-indigo-600 hover:underline">
        {messages.nav.manageAgencies}
      </Link>
    </div>
  </AuthCard>
);

const ApiKeyForm = () => {
  const [visible, setVisible] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const save = useSaveApiKey();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, dirtyFields },
  } = useForm<ApiKeyForm>({
    resolver: zodResolver(apiKeySchema),
    mode: 'onChange',
    defaultValues: { apiKey: '' },
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(values.apiKey.trim());
  });

  const busy = save.isPending;
  // Errors show once the user has typed, so an untouched field does not open on a red message.
  const fieldError = dirtyFields.apiKey ? errors.apiKey?.message : undefined;

  return (
    <AuthCard>
      <div className="text-center">
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
          <KeyRound className="h-6 w-6" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-semibold text-slate-900">{text.title}</h1>
        <p className="mt-2 text-sm text-slate-500">{text.requiredNote}</p>
      </div>
      <form className="mt-6 space-y-4" noValidate onSubmit={onSubmit}>
        <div>
          <Label htmlFor={fieldId}>{text.fieldLabel}</Label>
          <div className="relative">
            <Input
              id={fieldId}
              type={visible ? 'text' : 'password'}
              placeholder={text.placeholder}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              className="pr-10 font-mono"
              {...register('apiKey', { onChange: () => save.reset() })}
            />
            <button
              type="button"
              onClick={() => setVisible((value) => !value)}
              aria-label={visible ? text.hide : text.show}
              aria-pressed={visible}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800"
            >
              {visible ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
            </button>
          </div>
          <FieldError id={errorId} message={fieldError} />
        </div>
        {save.isError ? <Banner variant="error">{apiKeyErrorMessage(save.error)}</Banner> : null}
        <Button type="submit" className="w-full" disabled={!isValid || busy} loading={busy}>
          {busy ? text.validating : text.continue}
        </Button>
        <p className="text-center text-sm">
          <a href={text.getKeyUrl} target="_blank" rel="noopener noreferrer" className="text-indigo-600 hover:underline">
            {text.getKeyLink}
          </a>
        </p>
        <p className="text-center text-xs text-slate-500">{text.storedNote}</p>
      </form>
    </AuthCard>
  );
};
