import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountPage } from '@/features/account/components/account-page';
import { HelpFaq } from '@/features/account/components/help-faq';
import { SupportContactCards } from '@/features/account/components/support-contact-cards';
import { SupportForm } from '@/features/account/components/support-form';
import { useT } from '@/lib/i18n/i18n';

export function HelpSupportPage() {
  const t = useT('account');
  return (
    <AccountPage
      title={t('help.title')}
      description={t('help.description')}
      intro={t('help.intro')}
      width="wide"
    >
      <SupportContactCards />
      <Tabs defaultValue="faq">
        <TabsList className="flex w-full max-w-md">
          <TabsTrigger value="faq" className="flex-1 px-2">
            {t('help.faqTab')}
          </TabsTrigger>
          <TabsTrigger value="contact" className="flex-1 px-2">
            {t('help.contactTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="faq">
          <h2 className="sr-only">{t('help.faqHeading')}</h2>
          <HelpFaq />
        </TabsContent>
        <TabsContent value="contact">
          <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6">
            <h2 className="text-lg font-semibold text-ink">{t('help.sendMessage')}</h2>
            <p className="mb-5 text-sm text-muted">{t('help.backSoon')}</p>
            <SupportForm />
          </div>
        </TabsContent>
      </Tabs>
    </AccountPage>
  );
}
