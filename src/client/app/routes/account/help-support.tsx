import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountPage } from '@/features/account/components/account-page';
import { HelpFaq } from '@/features/account/components/help-faq';
import { SupportContactCards } from '@/features/account/components/support-contact-cards';
import { SupportForm } from '@/features/account/components/support-form';

export function HelpSupportPage() {
  return (
    <AccountPage
      title="Help & Support"
      description="Answers to common questions and a way to reach the Trillium support team, 24/7."
      intro="Find answers to common questions or get in touch with our team."
      width="wide"
    >
      <SupportContactCards />
      <Tabs defaultValue="faq">
        <TabsList className="flex w-full max-w-md">
          <TabsTrigger value="faq" className="flex-1 px-2">
            FAQ
          </TabsTrigger>
          <TabsTrigger value="contact" className="flex-1 px-2">
            Contact Us
          </TabsTrigger>
        </TabsList>
        <TabsContent value="faq">
          <h2 className="sr-only">Frequently asked questions</h2>
          <HelpFaq />
        </TabsContent>
        <TabsContent value="contact">
          <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6">
            <h2 className="text-lg font-semibold text-ink">Send us a message</h2>
            <p className="mb-5 text-sm text-muted">We'll get back to you within 24 hours.</p>
            <SupportForm />
          </div>
        </TabsContent>
      </Tabs>
    </AccountPage>
  );
}
