"""Values known by a cue before them: birth dates, identity and account numbers, names after a
label, a greeting, a sign-off or before a mailbox. Found with NER off too (no spaCy involved)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from redactor.detection.cues import (
    CUE_RULES,
    aba_routing_ok,
    centrelink_crn_ok,
    clabe_ok,
    dea_number_ok,
    dni_nie_ok,
    may_have_cue,
    names_from_mailbox,
    nhs_number_ok,
    pesel_ok,
    polish_id_card_ok,
    portuguese_nif_ok,
    ppsn_ok,
    rules_worth_running,
    social_security_nss_ok,
)
from redactor.detection.pii import PiiDetector
from redactor.engine import Redactor
from tests.conftest import make_redactor, run_cli
from tests.detection.test_pii import found

THRESHOLDS = {"PHONE_NUMBER": 0.4, "US_SSN": 0.5, "CREDIT_CARD": 0.5, "STREET_ADDRESS": 0.5, "PERSON": 0.6,
              "EMAIL_ADDRESS": 0.5, "DATE_OF_BIRTH": 0.5, "ID_NUMBER": 0.5, "CREDENTIAL": 0.5,
              "LOCATION": 0.6}


@pytest.fixture(scope="module")
def detector() -> PiiDetector:
    return PiiDetector(THRESHOLDS, ner=False)


@pytest.mark.parametrize(("text", "entity", "value"), [
    # Birth dates: the cue makes a date (a decoy anywhere else) a birth date, in any common writing.
    ("Patient DOB: 1984-03-12, seen today", "DATE_OF_BIRTH", "1984-03-12"),
    ("d.o.b. 03/12/1984", "DATE_OF_BIRTH", "03/12/1984"),
    ("She was born on March 3, 1984 in Leeds", "DATE_OF_BIRTH", "March 3, 1984"),
    ('{"note": "date of birth is 12 Jan 1979"}', "DATE_OF_BIRTH", "12 Jan 1979"),
    ("birthdate=19.07.1990;", "DATE_OF_BIRTH", "19.07.1990"),  # shaped like a version string
    # Identity and account numbers.
    ("passport no. X1234567 expires 2031", "ID_NUMBER", "X1234567"),
    ("Passport number: 533228719", "ID_NUMBER", "533228719"),
    ("MRN 00482913 admitted", "ID_NUMBER", "00482913"),
    ("medical record #A-7730412", "ID_NUMBER", "A-7730412"),
    ("Driver license: D1234-5678-9012", "ID_NUMBER", "D1234-5678-9012"),  # shaped like a ticket id
    ("wire to routing number 021000021 today", "ID_NUMBER", "021000021"),
    ("account number 4401 2291 8830.", "ID_NUMBER", "4401 2291 8830"),
    ("Pay to sort code 20-31-58 account 79903160.", "ID_NUMBER", "79903160"),  # red team 20
    ("State Farm policy PA-4471-882910-03. Police came", "ID_NUMBER", "PA-4471-882910-03"),  # red team 23
    ("Entry OK, lockbox 5821. Tenant cell", "CREDENTIAL", "5821"),
    ("hi, i'm fernando. born march 9th 1978. chest pain", "DATE_OF_BIRTH", "march 9th 1978"),
    ("Founder (SA ID 8001015009087), director", "ID_NUMBER", "8001015009087"),
    ("sort code 20-00-00, acct 55779911", "ID_NUMBER", "20-00-00"),
    ("sort code 20-00-00, acct 55779911", "ID_NUMBER", "55779911"),
    ("NHS number 943 476 5919", "ID_NUMBER", "943 476 5919"),  # not a phone number after its cue
    ("NI number QQ 12 34 56 C", "ID_NUMBER", "QQ 12 34 56 C"),
    ("EIN 12-3456789 on the W-9", "ID_NUMBER", "12-3456789"),
    # Names: NER-free evidence.
    ("Hi Jane,\nyour order shipped.", "PERSON", "Jane"),
    ("Dear Dr. Rosalind Okafor,\nthank you", "PERSON", "Rosalind Okafor"),  # the title stays
    ("Kind regards,\nMarcus Whitfield", "PERSON", "Marcus Whitfield"),
    ('From: "Priya Raman" <priya.raman@example.com>', "PERSON", "Priya Raman"),
    ("Cc: Tomasz Nowak <tnowak@example.pl>", "PERSON", "Tomasz Nowak"),
    ("Customer name: Elena Petrova", "PERSON", "Elena Petrova"),
    ("Patient name: Siobhan O'Connell\nEmail: x", "PERSON", "Siobhan O'Connell"),
    ("Patient: Amara Nwosu (admitted)", "PERSON", "Amara Nwosu"),
    ("my name is Akira Tanaka and I", "PERSON", "Akira Tanaka"),
    ("Hello Siobhan McDonald!", "PERSON", "Siobhan McDonald"),
    # Second red team (round 5): accented names, HTML and other languages' greetings, titles, more ids.
    ('Cc: "Léa Fontaine" <lea.fontaine@acme-robotics.com>', "PERSON", "Léa Fontaine"),
    ("Author: Mateo Fernández <mateo.fernandez@shopfront.io>", "PERSON", "Mateo Fernández"),
    ("Thanks Siobhán, let me verify", "PERSON", "Siobhán"),
    ("<p>Olá Henrique,</p>", "PERSON", "Henrique"),
    ("Referee: Dr. Bartholomew Finch, Head of Engineering", "PERSON", "Bartholomew Finch"),
    ("cache key kyc:ssn=412683307", "US_SSN", "412683307"),
    ("Aetna member ID is W287451936.", "ID_NUMBER", "W287451936"),
    ("card 4111 ending, CVV 713.", "CREDIT_CARD", "713"),
    ("payment_method_data[card][cvc]=713&x=1", "CREDIT_CARD", "713"),  # a form field
    ('body: {\\"cvv\\": \\"713\\"}', "CREDIT_CARD", "713"),  # JSON quoted in a text
    # Eighth round: Brazil's CPF, a SIM's ICCID, mobile number porting codes.
    ("Addressee CPF: 123.456.789-09.", "ID_NUMBER", "123.456.789-09"),
    ("SIM ICCID 8944110000123456780.", "ID_NUMBER", "8944110000123456780"),
    ("PAC code EEB482913 from Three UK", "ID_NUMBER", "EEB482913"),
    ("Port-out PIN 731946.", "ID_NUMBER", "731946"),
    # Ninth round: security codes and card codes written out.
    ("Card ending 4242, security code 821, expiry 04/27", "CREDIT_CARD", "821"),
    # Ninth round, second findings: a PDF form's aside between label and value.
    ("Date of Birth (mm/dd/yyyy) 07/22/1987", "DATE_OF_BIRTH", "07/22/1987"),
    ("Routing Number (RTN): 123000107", "ID_NUMBER", "123000107"),
    ("Social Security Number (SSN) 123-45-6789", "US_SSN", "123-45-6789"),
    ("Full name (as on passport): Jane Roe", "PERSON", "Jane Roe"),
    # Other languages' cues, dates written out in them, Spain's check letters.
    ("DNI 12345678Z", "ID_NUMBER", "12345678Z"),
    ("NIE X1234567L", "ID_NUMBER", "X1234567L"),
    ("Mi DNI es 12.345.678-Z", "ID_NUMBER", "12.345.678-Z"),
    ("Max Mustermann, geb. 03.04.1978", "DATE_OF_BIRTH", "03.04.1978"),
    ("Geburtsdatum: 03.04.1978", "DATE_OF_BIRTH", "03.04.1978"),
    ("geboren in Berlin am 3. März 1978", "DATE_OF_BIRTH", "3. März 1978"),
    ("fecha de nacimiento: 14/07/1979", "DATE_OF_BIRTH", "14/07/1979"),
    ("nacido en Madrid el 14 de julio de 1979", "DATE_OF_BIRTH", "14 de julio de 1979"),
    ("Jean Dupont, né le 14/07/1979", "DATE_OF_BIRTH", "14/07/1979"),
    ("née le 14 juillet 1979 à Lyon", "DATE_OF_BIRTH", "14 juillet 1979"),
    ("nato il 3 marzo 1980", "DATE_OF_BIRTH", "3 marzo 1980"),
    ("nata a Reggio nell'Emilia il 12/03/1980", "DATE_OF_BIRTH", "12/03/1980"),
    ("data di nascita: 14 luglio 1979", "DATE_OF_BIRTH", "14 luglio 1979"),
    ("born in Leeds on 3 March 1984", "DATE_OF_BIRTH", "3 March 1984"),
    # Titles only people bear, with NER off: a family name alone is a name after them.
    ("Guten Tag Herr Müller", "PERSON", "Müller"),
    ("Termin mit Frau Dr. Schneider", "PERSON", "Schneider"),
    ("Herr Professor Weber", "PERSON", "Weber"),
    ("Frau von der Leyen sagte", "PERSON", "von der Leyen"),
    ("Hola Sr. García, gracias", "PERSON", "García"),
    ("Sra. López llamó", "PERSON", "López"),
    ("Sr. D. Juan García López", "PERSON", "Juan García López"),
    ("Mme Lefèvre a appelé", "PERSON", "Lefèvre"),
    ("Dott.ssa Bianchi", "PERSON", "Bianchi"),
    ("Hallo Frau Dr. Schneider,", "PERSON", "Schneider"),
    # PINs and PUKs in prose; an account number in other languages; India's UPI address.
    ("My self-select PIN is 48213", "ID_NUMBER", "48213"),
    ("IRS IP PIN 739104", "ID_NUMBER", "739104"),
    ("PUK 48213977", "ID_NUMBER", "48213977"),
    ("PIN des Zählers 83015527", "ID_NUMBER", "83015527"),  # whose PIN, with no verb (red team 49)
    # Red team 50: a booking's locator, an e-ticket, IATA's DOCS element and a child's birth in a name element, a plate
    # after the vehicle in its country's shape, a birth with its place
    ("Please protect PNR QX7M4P (OKONKWO/CHIDINMA MRS)", "ID_NUMBER", "QX7M4P"),
    ("Hi, I'm Anders (booking ZB3HLN). Our flight", "ID_NUMBER", "ZB3HLN"),
    ("WHERE pnr = 'MW8FQD' AND", "ID_NUMBER", "MW8FQD"),
    ("New e-ticket 1252183799104. Ref", "ID_NUMBER", "1252183799104"),
    ("6 FA PAX 125-2183746591/ETBA/GBP2450.60", "ID_NUMBER", "125-2183746591"),
    ("10 SSR FQTV BA HK1 BA58213947/P1", "ID_NUMBER", "BA58213947"),
    ("P/USA/A04815926/USA/02FEB1990/F/11JAN33/RAGHUNATHAN/PRIYANKA", "ID_NUMBER", "A04815926"),
    ("P/USA/A04815926/USA/02FEB1990/F/11JAN33/RAGHUNATHAN/PRIYANKA", "DATE_OF_BIRTH", "02FEB1990"),
    ("P/GBR/533891274/GBR/14MAR87/F/17SEP31/OKONKWO/CHIDINMA/P1", "PERSON", "OKONKWO/CHIDINMA"),
    ("2.OKONKWO/EMEKA MSTR(CHD/12JUN15)", "DATE_OF_BIRTH", "12JUN15"),
    ("aparcar con el coche 4821 KLM, pero", "ID_NUMBER", "4821 KLM"),
    ("o carro AX-27-LP. Moro", "ID_NUMBER", "AX-27-LP"),
    ("for bilen CX 43 817, men", "ID_NUMBER", "CX 43 817"),
    ("pro vůz SPZ 5A8 3172.", "ID_NUMBER", "5A8 3172"),
    ("madre di Niccolò (nato a Milano il 07/11/2018, codice", "DATE_OF_BIRTH", "07/11/2018"),
    # Red team 51: a card's expiry after its printed words, dates of birth said aloud, a name spelled out, a spoken
    # security code, SSN `ending`, a keypad's code after the gate, a courtyard gate's code
    ("card 4111 EXP 11/28 CVV", "CREDIT_CARD", "11/28"),
    ("expiryDate=03/2029&cvc=1", "CREDIT_CARD", "03/2029"),
    ("Valid thru 07/30", "CREDIT_CARD", "07/30"),
    ("My date of birth is March third nineteen eighty-four. My", "DATE_OF_BIRTH", "March third nineteen eighty-four"),
    ("DOB the second of May nineteen sixty-seven", "DATE_OF_BIRTH", "second of May nineteen sixty-seven"),
    ("Teodora Kowalski, that's K-O-W-A-L-S-K-I. I'm", "PERSON", "K-O-W-A-L-S-K-I"),
    ("Alejandro Ramírez, R-A-M-I-R-E-Z. Date", "PERSON", "R-A-M-I-R-E-Z"),
    ("and the security code is seven one nine, thanks", "CREDIT_CARD", "seven one nine"),
    ("SSN ending in 7734.", "US_SSN", "7734"),
    ("Gate 2580*, ask for Tamsin", "CREDENTIAL", "2580*"),
    ("Wohnung 29, Hoftor-Code 1947B.", "CREDENTIAL", "1947B"),
    ("Mrs Patel. Hoftor 1947B.", "CREDENTIAL", "1947B"),
    ("My memorable word is P E M B E R L E Y and", "CREDENTIAL", "P E M B E R L E Y"),
    ("and my first school was St Aidan's", "CREDENTIAL", "St Aidan's"),
    ("the address is twenty two eighteen Alder Creek Road, Petaluma.", "STREET_ADDRESS",
     "twenty two eighteen Alder Creek Road"),
    ("We moved to nine oh four East Camelback Road. You", "STREET_ADDRESS", "nine oh four East Camelback Road"),
    ("that's O apostrophe S-U-L-L-I-V-A-N.", "PERSON", "S-U-L-L-I-V-A-N"),
    ("PIN for the card: 4417", "ID_NUMBER", "4417"),
    ("PUK code 48213977", "ID_NUMBER", "48213977"),
    ("Kontonummer 0123456789", "ID_NUMBER", "0123456789"),
    ("número de cuenta: 0049150005", "ID_NUMBER", "0049150005"),
    ("bank account 000123456789", "ID_NUMBER", "000123456789"),
    ("refund to UPI sidmenon@okhdfcbank", "ID_NUMBER", "sidmenon@okhdfcbank"),
    ("VPA: sidmenon@okhdfcbank.", "ID_NUMBER", "sidmenon@okhdfcbank"),
    ("follow me on instagram @jane.whitfield92 for updates", "PERSON", "@jane.whitfield92"),
    ("my tiktok is @danaw_official.", "PERSON", "@danaw_official"),
    ("IG: @dana_w, Telegram @k_ivanova", "PERSON", "@dana_w"),
    # Round 26: French NIR (its key checked), German pension and health insurance numbers, licence plates,
    # relatives named after a kinship word.
    ("NIR : 284077511309289", "ID_NUMBER", "284077511309289"),
    ("N° de sécurité sociale 2 84 07 75 113 092 89", "ID_NUMBER", "2 84 07 75 113 092 89"),
    ("| Versicherungsnummer (RV) | 23140381B710 |", "ID_NUMBER", "23140381B710"),
    ("<KVNR>B284619503</KVNR>", "ID_NUMBER", "B284619503"),
    ("Kennzeichen: L-FB 2841", "ID_NUMBER", "L-FB 2841"),
    ("Immatriculation de ma Peugeot 208 : GH-417-KP", "ID_NUMBER", "GH-417-KP"),
    ("driver offline, plate 7KTR 093 (secondary vehicle)", "ID_NUMBER", "7KTR 093"),
    ("Mi mujer Ainhoa Larrañaga quiere acceso", "PERSON", "Ainhoa Larrañaga"),
    ("my son Alex is sick", "PERSON", "Alex"),
    ("收件人：王晓明 地址：上海市徐汇区", "PERSON", "王晓明"),
    ("Order 44120 | 수령인: 김서연 | 주소", "PERSON", "김서연"),
    ("氏名 山田 太郎 / フリガナ ヤマダ タロウ", "PERSON", "山田 太郎"),
    ("Right to work: BRP ZX1234567 (expires 2027)", "ID_NUMBER", "ZX1234567"),
    ("DBS certificate no. 001234567890", "ID_NUMBER", "001234567890"),
    ("directions?origin=37.79612,-122.41894&destination=SFO", "LOCATION", "37.79612,-122.41894"),
    ("driver offline; last ping 37.76231, -122.43509 near", "LOCATION", "37.76231, -122.43509"),
    # Eleventh round: a display name inside a quoted string, or quoted and escaped in a text.
    ('authors = ["Søren Kierkegaard-Holm <soren.kh@fastmail.dk>"]', "PERSON", "Søren Kierkegaard-Holm"),
    ('"author": "Søren Kierkegaard-Holm <soren.kh@fastmail.dk>"', "PERSON", "Søren Kierkegaard-Holm"),
    ('From: \\"Priya Raman\\" <priya.raman@example.com>', "PERSON", "Priya Raman"),
    ("From: 'Priya Raman' <priya.raman@example.com>", "PERSON", "Priya Raman"),  # not `Raman'`
    ('git commit --author="Hannelore Kirchner <h.kirchner@x.io>"', "PERSON", "Hannelore Kirchner"),
    # A voice agent's transcript: digits and addresses said aloud.
    ("yeah my number is four one five, five five five, oh one three two thanks", "PHONE_NUMBER",
     "four one five, five five five, oh one three two"),
    ("it's double seven oh nine one two three four five six", "PHONE_NUMBER",
     "double seven oh nine one two three four five six"),
    ("plus four four seven nine one one one two three four five six", "PHONE_NUMBER",
     "plus four four seven nine one one one two three four five six"),
    ("card number four one one one one one one one one one one one one one one one", "CREDIT_CARD",
     "four one one one one one one one one one one one one one one one"),
    ("my email is priya dot raman at outlook dot com okay", "EMAIL_ADDRESS", "priya dot raman at outlook dot com"),
    ("you can reach me at jane underscore doe at gmail dot com", "EMAIL_ADDRESS",
     "jane underscore doe at gmail dot com"),
    # Twelfth round: a sentence's full stop after a birth date, national ids with their cue, LinkedIn.
    ("DOB 14/03/1968. There", "DATE_OF_BIRTH", "14/03/1968"),
    ("PAN: AFZPK7190K for ITR-2", "ID_NUMBER", "AFZPK7190K"),
    ("Unique Taxpayer Reference (UTR): 1234567890", "ID_NUMBER", "1234567890"),
    ("PESEL 44051401359", "ID_NUMBER", "44051401359"),
    ("see https://www.linkedin.com/in/anneliese-kowalczyk-brandt-7a2b19 ok", "PERSON",
     "anneliese-kowalczyk-brandt-7a2b19"),
    # Japanese, Korean, Chinese: the honorific after the name; addresses.
    ("山田太郎様、ご注文ありがとうございます。", "PERSON", "山田太郎"),
    ("佐藤花子さん、こんにちは", "PERSON", "佐藤花子"),
    ("김민준님, 안녕하세요", "PERSON", "김민준"),
    ("배송 조회: 수령인 김민준 님, 연락처", "PERSON", "김민준"),  # a space before the honorific
    ("王伟先生，您好", "PERSON", "王伟"),
    ("担当 佐藤 健太 様", "PERSON", "佐藤 健太"),  # a mail merge's spaces
    ("患者氏名: 小林 真由美（1950年8月21日生）", "DATE_OF_BIRTH", "1950年8月21日"),
    ("昭和25年8月21日生まれ", "DATE_OF_BIRTH", "昭和25年8月21日"),
    # A Japanese self-introduction (left as found in session 17)
    ("小林 結衣です。よろしくお願いします", "PERSON", "小林 結衣"),
    ("カスタマーサポート担当の佐藤と申します。", "PERSON", "佐藤"),
    ("私は山田花子です。", "PERSON", "山田花子"),
    ("はじめまして、田中 ゆいといいます。", "PERSON", "田中 ゆい"),
    ("住所は東京都渋谷区神南1-2-3です。", "STREET_ADDRESS", "東京都渋谷区神南1-2-3"),
    ("주소는 서울특별시 강남구 테헤란로 123 입니다", "STREET_ADDRESS", "서울특별시 강남구 테헤란로 123"),
    ("地址：北京市朝阳区建国路88号", "STREET_ADDRESS", "北京市朝阳区建国路88号"),
    # A form's label on the line before the name.
    ("Form W-9\n1 Name (as shown on your income tax return)\nCornelius Ashworth-Pryce\n2 Business name", "PERSON",
     "Cornelius Ashworth-Pryce"),
    ("Full name:\nIngrid Haldorsen", "PERSON", "Ingrid Haldorsen"),
    # A family name alone after an English title; a possessive is not part of the name.
    ("I spoke with Mr Patel about it", "PERSON", "Patel"), ("Dr. Chen will see you now", "PERSON", "Chen"),
    ("Please call Mrs Whitfield-Ames tomorrow", "PERSON", "Whitfield-Ames"),
    ("Mr. Patel's order shipped", "PERSON", "Patel"), ("Dr. Jane Roe's clinic", "PERSON", "Jane Roe"),
    ("Dear Mr. Ó Súilleabháin, your claim", "PERSON", "Ó Súilleabháin"),
    ("Thanks, Kayla! I'll check.", "PERSON", "Kayla"), ("Thank you, Kayla.", "PERSON", "Kayla"),  # round 35
    ("Thanks, Priyanka", "PERSON", "Priyanka"),  # the name ends the message (session 19's left as found)
    ("Ms. Gráinne Ní Bhriain called", "PERSON", "Gráinne Ní Bhriain"),
    ("Dear Ms. Dell'Acqua, thanks", "PERSON", "Dell'Acqua"), ("ask Ms O'Neill", "PERSON", "O'Neill"),
    # Red team 13: roles as labels; sign-offs in other languages, with or without a comma.
    ("Tenant: Grace Thornbury\nUnit 4", "PERSON", "Grace Thornbury"),
    ("Witness: Hamid Okoro-Mensah", "PERSON", "Hamid Okoro-Mensah"),
    ("Registered owner: Marisol Hartley", "PERSON", "Marisol Hartley"),
    ("Claimant: Desmond Achterberg (policy holder)", "PERSON", "Desmond Achterberg"),
    # Red team 30: a name in capitals after its label (a USCIS notice); a carer; a father's name.
    ("Receipt IOE0931847265. Applicant: OLUWADAMILARE FASHOLA, A# A213456789.", "PERSON", "OLUWADAMILARE FASHOLA"),
    ("Carer: Babatunde Nwosu - consent to discuss recorded", "PERSON", "Babatunde Nwosu"),
    ("Father's name: Ramakrishnan Subramanian", "PERSON", "Ramakrishnan Subramanian"),
    # Red team 30: a US immigrant's numbers.
    ("My A-number is A213456789, last receipt IOE0931847265.", "ID_NUMBER", "A213456789"),
    ("My A-number is A213456789, last receipt IOE0931847265.", "ID_NUMBER", "IOE0931847265"),
    ("A# 213-456-789", "ID_NUMBER", "213-456-789"), ("I-94 71842096433.", "ID_NUMBER", "71842096433"),
    ("I-94 record number 123456789A1", "ID_NUMBER", "123456789A1"),
    # Red team 30: names typed in lower case after the words that introduce them; a student's id.
    ("hello, i'm maria jose quispe mamani, student id 900417352.", "PERSON", "maria jose quispe mamani"),
    ("hello, i'm maria jose quispe mamani, student id 900417352.", "ID_NUMBER", "900417352"),
    ("ringing for my mum gwen achterberg-nwosu", "PERSON", "gwen achterberg-nwosu"),
    ("hi this is priya raman from billing", "PERSON", "priya raman"),
    ("direct deposit transit/institution/account 00418-815-1029384", "ID_NUMBER", "00418-815-1029384"),
    ("PAN ABCPK7190K, UAN 100922763468, HDFC", "ID_NUMBER", "100922763468"),
    # Red team 31: a cheque's MICR line; codes named before a phrase and `is`; door codes in Dutch; a recruiter.
    ("Scan says ⑈021000021⑈ 0087214419⑆ 2207.", "ID_NUMBER", "021000021"),
    ("Scan says ⑈021000021⑈ 0087214419⑆ 2207.", "ID_NUMBER", "0087214419"),
    ("alarm code for the side door is still 8814 right?", "CREDENTIAL", "8814"),
    ("bel niet aan, deurcode 4471#", "CREDENTIAL", "4471#"), ("my IP PIN this year is 482917.", "ID_NUMBER", "482917"),
    ("PIN (4 digits): 7731", "ID_NUMBER", "7731"),
    ("Recruiter: Priyanka Raghavan 312-555-0163", "PERSON", "Priyanka Raghavan"),
    ("Mit freundlichen Grüßen\nJürgen Weiß\nTel. 030", "PERSON", "Jürgen Weiß"),
    ("Cordialement,\nAmélie Durand", "PERSON", "Amélie Durand"),
    ("Your OTP 482913 expires in 5 minutes", "CREDENTIAL", "482913"),
    ("The verification code is 120934.", "CREDENTIAL", "120934"), ("access code: 5521", "CREDENTIAL", "5521"),
    ("Gate code 8841# for the side entrance", "CREDENTIAL", "8841#"),
    ("my BVN is 22154873019, thanks", "ID_NUMBER", "22154873019"), ("NIN: 70123456789", "ID_NUMBER", "70123456789"),
    # Red team 15: other countries' ids, birth dates, introductions and sign-offs
    ("Mi CURP es HEGG560427MVZRRL05", "ID_NUMBER", "HEGG560427MVZRRL05"), ("Mijn BSN is 123456782", "ID_NUMBER",
                                                                           "123456782"),
    ("TC kimlik no 10000000146", "ID_NUMBER", "10000000146"), ("Codice fiscale: RSSMRA85T10A562S", "ID_NUMBER",
                                                                 "RSSMRA85T10A562S"),
    ("Meu CPF é 123.456.789-09", "ID_NUMBER", "123.456.789-09"), ("CEP 01426-001", "STREET_ADDRESS", "01426-001"),
    ("Nací el 14 de septiembre de 1985", "DATE_OF_BIRTH", "14 de septiembre de 1985"),
    ("data urodzenia 12.03.1987", "DATE_OF_BIRTH", "12.03.1987"),
    ("Olá, sou a Ana Beatriz", "PERSON", "Ana Beatriz"), ("Me llamo Íñigo Martínez", "PERSON", "Íñigo Martínez"),
    ("Atenciosamente,\nAna Beatriz Costa", "PERSON", "Ana Beatriz Costa"),
    ("Dzień dobry Pani Magdalena,", "PERSON", "Magdalena"), ("Geachte Dhr. de Jong,", "PERSON", "de Jong"),
    ("Ibu Sari Wulandari menelepon", "PERSON", "Sari Wulandari"),
    ("Trân trọng,\nNguyễn Thị Thu Hương", "PERSON", "Nguyễn Thị Thu Hương"), ("Merhaba Ahmet,", "PERSON", "Ahmet"),
    ("Tên tôi là Trần Văn Đức", "PERSON", "Trần Văn Đức"), ("Caro Marco,", "PERSON", "Marco"),
    ("Merhaba Ahmet Bey, siparişiniz", "PERSON", "Ahmet"), ("Ayşe Gül Hanım aradı", "PERSON", "Ayşe Gül"),
    # Red team 17: a person's key in a record written as text (a repr, TOML, a log line's extra dict).
    ("INFO charge ok {'customer': 'Éloïse Tremblay-Gagnon', 'amount': Decimal('49.90')}", "PERSON",
     "Éloïse Tremblay-Gagnon"),
    ('partial body: "customer_name": "Marcus Oyelowo-Grant", "tier"', "PERSON", "Marcus Oyelowo-Grant"),
    ("{'id': 'CRM-88213', 'name': 'Priscilla Vanterpool', 'email': 'pv@kestrel.example'}", "PERSON",
     "Priscilla Vanterpool"),
    ("[Contact(email='r.a@veldhoven.example', name='Rosalind Achterberg')]", "PERSON", "Rosalind Achterberg"),
    ('[[admins]]\nname = "Oyelaran Adebayo"\nemail = "o.adebayo@brightwave.example"\n', "PERSON",
     "Oyelaran Adebayo"),
    # Red team 18: an introduction, a transcript's bracketed speaker, a witness's name label.
    ("I'm Jonas Weber, on call this week", "PERSON", "Jonas Weber"),
    ("[Elena Petrova] Hi Kwame, the refund went out", "PERSON", "Elena Petrova"),
    ("Witness name: Marcus Feldmann", "PERSON", "Marcus Feldmann"),
    ("Meine Steuer-ID ist 12 345 678 901 falls nötig", "ID_NUMBER", "12 345 678 901"),
    # Red team 33: ids of Ireland, Portugal, Poland, Italy, France, Australia after their names; the US account
    # beside its routing number; a German PIN after a phrase; a Spanish building's door code; a maiden name.
    ("My PPSN is 7612394IA and", "ID_NUMBER", "7612394IA"), ("PPS number: 8840217H.", "ID_NUMBER", "8840217H"),
    ("Tel. +351 912 384 551\nNIF 248193724\n", "ID_NUMBER", "248193724"),
    ("contribuinte n.º 248 193 724", "ID_NUMBER", "248 193 724"),
    ("dowód osobisty AXK482193. Mieszkam", "ID_NUMBER", "AXK482193"),
    ("seria i numer dowodu: AXK 482193", "ID_NUMBER", "AXK 482193"),
    ("carta d'identità n. CA48213KM. Residenza", "ID_NUMBER", "CA48213KM"),
    ("Mon numéro allocataire CAF est le 2917463 et", "ID_NUMBER", "2917463"),
    ("N° allocataire : 2917463", "ID_NUMBER", "2917463"),
    ("refund to BSB 063-019 acc 1048 2293.", "ID_NUMBER", "063-019"),
    ("refund to BSB 063-019 acc 1048 2293.", "ID_NUMBER", "1048 2293"),
    ("direct deposit: routing 121000358, account 004817263915.", "ID_NUMBER", "004817263915"),
    ("Die PIN für mein ELSTER-Zertifikat ist 739104, falls", "ID_NUMBER", "739104"),
    ("El código del portal es 5839, el técnico", "CREDENTIAL", "5839"),
    ("Llamar antes de subir. Código portal 5839.", "CREDENTIAL", "5839"),
    ("Nazwisko panieńskie matki: Kowalczyk.", "PERSON", "Kowalczyk"),
    ("Mother's maiden name is Garnier", "PERSON", "Garnier"),
    # Red team 35: a card's or an ID's name in capitals with its middle initial; the label a card's name has; a
    # spoken birth date.
    ("Card: **** 4417 | Name on card: SARAH J CONNOR", "PERSON", "SARAH J CONNOR"),
    ("Cardholder: SARAH J. CONNOR", "PERSON", "SARAH J. CONNOR"),
    ("Name on card: SARAH CONNOR", "PERSON", "SARAH CONNOR"),
    ("Name as shown on your ID: Tobias Brandvold", "PERSON", "Tobias Brandvold"),
    ("My date of birth is 5th of June 1990.", "DATE_OF_BIRTH", "5th of June 1990"),
    # Red team 38: a licence named by its state; a Medicare Beneficiary Identifier; an airline's loyalty number;
    # a passenger's name and contacts as a reservation writes them.
    ("Massachusetts license number S44182736. Police", "ID_NUMBER", "S44182736"),
    ("my New York driver's license # 123456789 and", "ID_NUMBER", "123456789"),
    ("Medicare Beneficiary Identifier 1EG4-TE5-MK72. Ordering", "ID_NUMBER", "1EG4-TE5-MK72"),
    ("MBI: 1EG4TE5MK72", "ID_NUMBER", "1EG4TE5MK72"),
    ("Mileage no. JL 402918736.", "ID_NUMBER", "JL 402918736"),
    ("frequent flyer number BA41928837, seat 14C", "ID_NUMBER", "BA41928837"),
    ("Pax YAMAMOTO/KENJI MR and FERREIRA/ANA LUIZA MRS. Contact", "PERSON", "FERREIRA/ANA LUIZA"),
    ("Pax YAMAMOTO/KENJI MR and FERREIRA/ANA LUIZA MRS. Contact", "PERSON", "YAMAMOTO/KENJI"),
    ("SSR CTCE YY HK1 KENJI.YAMAMOTO//DOCOMO.NE.JP/EN", "EMAIL_ADDRESS", "KENJI.YAMAMOTO//DOCOMO.NE.JP"),
    ("SSR CTCM YY HK1 447911482630/EN", "PHONE_NUMBER", "447911482630"),
    ("Passport No.: K8821734 (IND). Redress number 2201984.", "ID_NUMBER", "2201984"),
    ("my Known Traveler Number is TT71J4K2Q, please keep it", "ID_NUMBER", "TT71J4K2Q"),
    ("licence plate KR 4471X; CDL W9913882.", "ID_NUMBER", "W9913882"),
    ("Guarantor: Bo Ekwueme, D.O.B. 1961/04/09, SSN", "DATE_OF_BIRTH", "1961/04/09"),
    ("Consignee: Zsófia Horváth-Ellis, Attn: Benedikt Oyelowo, +1", "PERSON", "Benedikt Oyelowo"),
    # Round 39: a child's birth date (any year once a person was born), a KvK number, a postcode after its label.
    ("my son was born on 14 March 2017", "DATE_OF_BIRTH", "14 March 2017"),
    ("she was born 03/14/2017, 7 lbs", "DATE_OF_BIRTH", "03/14/2017"),
    ("Child: Liam, born 2017-03-14", "DATE_OF_BIRTH", "2017-03-14"),
    ("our youngest daughter was born in Cork on 2 May 2018", "DATE_OF_BIRTH", "2 May 2018"),
    ("KvK-nummer: 69599084", "ID_NUMBER", "69599084"),
    ("KvK 69599084", "ID_NUMBER", "69599084"),
    ("ingeschreven bij de Kamer van Koophandel nr. 1234 5678", "ID_NUMBER", "1234 5678"),
    ("Chamber of Commerce number is 69599084.", "ID_NUMBER", "69599084"),
    ("my postcode is nw1 6xe, thanks", "STREET_ADDRESS", "nw1 6xe"),
    # Red team 41: a Mexican CLABE, a prescriber's DEA registration, a Centrelink CRN, a Spanish social security
    # number, a Canadian account after its transit and institution numbers, each with its check; a handle after
    # `es`; a Portuguese self-introduction; someone else's relative and the speaker's boss; kinship titles; a
    # grateful sign-off; an Italian engineer's title; a CV's referees.
    ("Mi pago no llegó a mi CLABE 012180001234567899. Mi RFC", "ID_NUMBER", "012180001234567899"),
    ("SPEI return, CLABE 012 180 00123456789 9", "ID_NUMBER", "012 180 00123456789 9"),
    ("Imani Okonjo-Reyes, MD (NPI 1407853912, DEA BO4829175)", "ID_NUMBER", "BO4829175"),
    ("hey it's Kirra, CRN 203 418 592K. I picked up", "ID_NUMBER", "203 418 592K"),
    ("Su número de la Seguridad Social es 281234567840 y la nómina", "ID_NUMBER", "281234567840"),
    ("NSS 28/12345678/40", "ID_NUMBER", "28/12345678/40"),
    ("transit 04821, institution 815, account 8830192. Ma femme", "ID_NUMBER", "8830192"),
    ("su Instagram es @rodri.almeida.cuesta. Quedamos", "PERSON", "@rodri.almeida.cuesta"),
    ("Oi! Aqui é a Beatriz Lacerda, CPF", "PERSON", "Beatriz Lacerda"),
    ("mention her late husband Cornelius and the orchard appeal", "PERSON", "Cornelius"),
    ("his daughter Bethan will collect it", "PERSON", "Bethan"),
    ("my boss Darren Pettigrew said he'd send it", "PERSON", "Darren Pettigrew"),
    ("my teacher Mr. Dombrowski gave us", "PERSON", "Dombrowski"),  # (the title stays)
    ("Table 4: Auntie Ngozi, Uncle Femi, cousins.", "PERSON", "Femi"),
    ("With gratitude,\nImogen Strathearn\nSupporter Care", "PERSON", "Imogen Strathearn"),
    ("progettista presso Ducati, responsabile Ing. Fabrizio Colombo.", "PERSON", "Fabrizio Colombo"),
    ("Referenzen: Katrin Oberländer, Teamleiterin, +49 89 2180 4471", "PERSON", "Katrin Oberländer"),
    # Red team 42: the same cues, tightened, still name people.
    ("lol ok. Thanks, Oluwadamilare", "PERSON", "Oluwadamilare"),
    ("Table 2: Uncle Joe, Grandpa Femi", "PERSON", "Joe"),
    # (fiction's relatives with common names are a seating chart's too; `Tom` and `Ben` are public after `Uncle` only)
    ("Table 3: Grandpa Joe, Cousin Greg", "PERSON", "Joe"), ("Table 3: Grandpa Joe, Cousin Greg", "PERSON", "Greg"),
    ("Table 5: Cousin Tom, Grandpa Ben", "PERSON", "Tom"), ("Table 5: Cousin Tom, Grandpa Ben", "PERSON", "Ben"),
    ("Referências: Beatriz Lacerda, gerente", "PERSON", "Beatriz Lacerda"),
    ("il contratto lo rivede Avv. Russo domani", "PERSON", "Russo"),
    ("Gentile Ing. Martina Ferraresi,\nsopralluogo confermato", "PERSON", "Martina Ferraresi"),
    ("my lawyer Serena Bellandi will call", "PERSON", "Serena Bellandi"),
    ("Mein Insta ist @lena.kraus.fotografie", "PERSON", "@lena.kraus.fotografie"),
])
def test_a_value_after_its_cue_is_found(detector: PiiDetector, text: str, entity: str, value: str) -> None:
    assert (entity, value) in found(detector, text)


# Eleventh round: git's records of who wrote a line or a commit, as coding agents' traces show them. The
# name, and nothing else, is what a cue finds.
@pytest.mark.parametrize(("text", "name"), [
    # `git blame`: the author padded, a boundary commit's `^`, the other date formats, a file name column.
    ("7bd81c8 (Hannelore Kirchner 2024-03-02 14:11:09 +0530 48) def parse(raw):", "Hannelore Kirchner"),
    ("^7bd81c8 (Hannelore Kirchner     2024-03-02 14:11:09 +0530  48)     return raw", "Hannelore Kirchner"),
    ("e4a1f0c2 (Fionnuala O'Rourke 2023-11-20 09:01:44 -0700 112)", "Fionnuala O'Rourke"),
    ("7bd81c8 (Benedikt Sørensen 1712345678 +0200 7) x = 1", "Benedikt Sørensen"),  # -t
    ("7bd81c8 (Benedikt Sørensen 2024-03-02   7) x = 1", "Benedikt Sørensen"),  # --date=short
    ("7bd81c8a src/app.py (Ludwig van Beethoven 2024-03-02 14:11:09 +0530 48) x", "Ludwig van Beethoven"),
    ("7bd81c8 (Hannelore 2024-03-02 14:11:09 +0530 48) x", "Hannelore"),
    # `git cat-file -p`, `git log --format=raw`, `git blame --porcelain`: at a line's start.
    ("author Kateryna Shevchenko <k.shevchenko@x.io> 1712345678 +0200", "Kateryna Shevchenko"),
    ("a1b2c3d4 48 48 1\nauthor Kateryna Shevchenko\nauthor-mail <k.shevchenko@x.io>\nauthor-time 1712345678",
     "Kateryna Shevchenko"),
    ("tree 9f8e7d\ncommitter Fionnuala O'Rourke <f.orourke@x.io> 1712345678 +0100", "Fionnuala O'Rourke"),
    ("object 9f8e7d\ntype commit\ntag v1.2.0\ntagger Benedikt Sørensen <b@x.io> 1712345678 +0200",
     "Benedikt Sørensen"),
    ('out: "tree 9f8e7d\\nauthor Kateryna Shevchenko\\nauthor-mail <k@x.io>"', "Kateryna Shevchenko"),  # escaped
    # `git config`: `--list`, `--get-regexp`, the command that sets it, git's environment variables.
    ("core.bare=false\nuser.name=Benedikt Sørensen\nuser.email=b@x.io", "Benedikt Sørensen"),
    ("user.name Benedikt Sørensen", "Benedikt Sørensen"),
    ('git config --global user.name "Benedikt Sørensen" && git config --global user.email b@x.io',
     "Benedikt Sørensen"),
    ("git config user.name 'Benedikt Sørensen'", "Benedikt Sørensen"),
    ('stdout: "core.bare=false\\nuser.name=Benedikt Sørensen\\n"', "Benedikt Sørensen"),  # escaped
    ("GIT_AUTHOR_NAME='Kateryna Shevchenko' git commit -m fix", "Kateryna Shevchenko"),
    # Commit trailers (the display-name rule's already).
    ("Signed-off-by: Hannelore Kirchner <h.kirchner@x.io>", "Hannelore Kirchner"),
    ("Co-authored-by: Fionnuala O'Rourke <f.orourke@x.io>", "Fionnuala O'Rourke"),
    ("Reviewed-by: Kateryna Shevchenko <k.shevchenko@x.io>", "Kateryna Shevchenko"),
    # `git log`: the author is found, its `Date:` line never is.
    ("commit 7bd81c8\nAuthor: Mateo Fernández <mateo@x.io>\nDate:   Fri Jun 7 11:02:31 2024 +0200\n\n    Fix",
     "Mateo Fernández"),
])
def test_git_records_the_author_s_name_and_only_the_name_is_found(
        detector: PiiDetector, text: str, name: str) -> None:
    assert {value for entity, value in found(detector, text) if entity == "PERSON"} == {name}


@pytest.mark.parametrize("text", [
    "created 2024-01-15 by build 1.2.3",  # a date without a cue is a date
    "Routing 123456789 is invalid",  # fails the ABA checksum
    "NHS number 943 476 5918",  # fails the mod-11 check
    "account number ending 4821",  # the last four digits identify no one
    "Hi Team, the build is green",
    "Hello World!",
    "Dear Customer,",
    "Best,\nThe Acme Team",
    "Name: Default Workspace",
    "tool name: Search Flights",  # "name" after a word that is not a person's role
    "Support Team <support@example.com>",
    "passport photo uploaded",
    "Hi there,\nthanks",
    "Thanks Team", "Hello World", "Hi Support", "thanks Claude", "Thank you Anthropic",  # (ending the message)
    "born in 1984",  # a year alone
    "MR Fix Login merged",  # a merge request, not Mr
    "ssn=000-12-3456",  # never issued
    "Hi ALL,",
    # Seventh round (over-redaction):
    "steps:\n  - name: Checkout Code\n    uses: actions/checkout@v4",  # YAML's name
    "Hi DataPal, summarise this",  # an assistant's name, written in camel case
    "Dear Reviewer,", "Hello, this is Mergify",
    "Cheers,\nClaude Code", "Cheers,\nAcme Shop Support", "Release Bot <noreply@github.com>",
    "Buy the Mr. Coffee Espresso Maker", "Dr. Martens Smooth Leather Boots", "Dr. Bronner's Pure Castile Soap",
    "Dr. Who", "MR Review requested", "Customer: Unknown Caller", "Guest: Room Service", "Owner: Platform Team",
    "Mit freundlichen Grüßen\nIhr Support-Team", "access 200 times", "OTP sent to your phone",
    "verification code expired at 10:32", "nine 12345678901", "BVN lookup failed (code 12)",
    "see RFC 8259 section 7", "RFC 5545", "sou a favor", "me llamo la atención", "ibu kota Jakarta", "Panini",
    "Beste regards,", "Caro amico,", "Sayın Bey", "the Bey of Tunis",
    "Attention: Breaking Changes",
    "The upstream project was born on March 3, 2021",
    "the PAC man game", "a port-out PIN is required",
    # Ninth round: near misses of the second findings' rules.
    "PIN 1 is VCC, pin 13 drives the LED", "GPIO pin 4 is the reset line", "pin: GPIO13",  # one or two digits
    "the pin of connector 12", "pin of the header 2",
    "booking CONFIRMED for 2 rooms", "ticket INC-4471 closed", "the car XC90 2023 model", "auto 2024 sales",
    "il progetto è nato il 3 marzo 2021",
    "the offer expires 12/25", "the meeting is on March third", "the grades were A, B-C-D-E and",
    "Boarding at Gate 12 and gate B22", "security code is one of the steps",
    "my first car was a Ford Fiesta", "my favourite book is the one about trains",
    "the address is in the email", "we moved to the new office on Main Street",
    # (`upi` inside a word; a handle of no payment provider: one of theirs is a VPA anywhere, red team 43)
    "Cupid sidmenon@examplepay", "groupid=sidmenon@examplepay",
    "email jane@twitter.com", "see https://x.com/@foo", "signature @jane",  # no network's name right before
    "DNI 12345678A", "NIE X1234567A",  # wrong check letter
    "Preis: geb. 24,90 €",  # a hardcover's price (`geb. Müller`, a maiden name, is a person's since red team 60)
    "Herr der Ringe", "Der Herr ist mein Hirte", "Sehr geehrter Herr Präsident,", "Herr Professor,",
    "Sr. Software Engineer at Acme", "Sr. Manager, Payments", "Sr. Citizens get 10% off",  # senior
    "am 03.04.1978 gegründet", "le 14 juillet 1979", "14 de julio de 1979",  # dates without a birth cue
    "Il progetto è nato il 3 marzo 2021",  # not long enough ago to be an adult's birth
    "account 000123456789", "AWS account 123456789012",  # a bare account: cloud, customer, ledger
    # Eleventh round: near misses of git's shapes.
    "Date:   Fri Jun 7 11:02:31 2024 +0200", "author: TBD", "Author: The Acme Team <team@acme.io>",
    "committer_id=42", "the author of the book", "Author Guidelines\nfor contributors",
    "user.name=ci-bot", "user.name=github-actions[bot]", "user.name=GitHub Actions", "user.name = Column(String)",
    'if user.name == "Admin":', "committer GitHub <noreply@github.com> 1712345678 +0000",
    "00000000 (Not Committed Yet 2024-03-02 14:11:09 +0530 48) x = 1",  # blame's uncommitted lines
    "see the notes (Release Notes 2024-03-02)",  # no line number: no blame line
    # Spoken near misses: menus, counts, a site said aloud, numerals (the phone recognizer's).
    "press one for sales, two for support", "one two three four five six", "look at google dot com",
    "the email looks at google dot com", "1 2 3 4 5 6 7 8",
    "PESEL 44051401358",  # a wrong check digit
    "NIR : 284077511309288",  # a wrong key
    "CPF 529.982.247-26",  # a wrong check digit
    "plate 2 of 3", "the licence plate lights", "number plate 12345",  # no registration: digits alone
    "my dad said ok",
    "scores 0.12345, 0.67891", "position 123.4567,12.3456",  # no cue; a latitude out of range
    "PAN 4111 card", "DOB 1.2.3.4",  # a card's PAN is no Indian PAN; four groups are no date
    "お客様、担当者様、皆様", "고객님, 여러분", "各位先生",  # roles the honorifics address
    "お客 様", "2024年4月1日生産開始",  # a role; a date before `生産` (production), no birth
    "Thanks, Team!", "Hello, World.", "Hi, Support Team,", "Thanks. Next step.", "Dear Customer.",
    "これは問題です。よろしくお願いします", "ご確認のほどよろしくお願いします。配送は明日です。",  # no one introduced
    "Project name\nRelease Checklist\n", "Display name\nAcme Team\n", "Name\nStatus\nJane",
    # A bare `name` with no contact details beside it names a step, a job, a workflow; a TOML table ends.
    "{'name': 'Pull Request Review'}", "{'name': 'Build Image', 'uses': 'docker/build-push'}",
    "- name: Checkout Code", 'name = "my-service"', "{'customer': 'Acme Corp'}",
    "I am Going Home", "I'm Still Waiting. Please help", "see [Release Notes] here", "[Build Status] passed",
    "{'tenant': 'Blue Harbor'}", "client = Client(tenant='Blue Harbor')",  # a SaaS tenant
    '[[jobs]]\nname = "Nightly Export"\n\n[[admins]]\nemail = "ops@example.io"\n',
    # What a form writes in capitals where no name is known.
    "Applicant: PENDING REVIEW", "Tenant name: UNKNOWN TENANT", "Customer: ACME CORP", "Client: US BANK",
    "Student: GRADE TEN", "Applicant: N/A",
    "Tenant: Not Applicable", "Guarantor: Not Provided", "Spouse: None", "Emergency contact: See Attached",  # any case
    "there is a number 123456789 here", "receipt number 100234556789",  # a shop's receipt
    "i'm going home now", "my son will call you later", "this is mark down syntax", "this is julia set rendering",
    "student id pending", "the door code is listed on the 3 page", "pin to the top of 2024 board",
    "access code for the portal is pending",
    # Red team 33's near misses: a wrong check letter or digit, an account with no routing number before it.
    "PPSN 7612394IB", "NIF 248193725", "dowód osobisty AXK482194", "30 pps 1234567A", "account 004817263915",
    "carta d'identità scaduta", "numéro allocataire inconnu", "BSB lookup", "maiden name field",
    # Red team 35's: a card's name label with a status in capitals, or with no name after it.
    "Name on card: NOT PROVIDED", "Cardholder: A B", "name on the card must match the ID",
    # Red team 37's: code after a network's short name (a decorator, an at-rule, a tag, a scoped package), and
    # `我叫` before a pronoun ("I told him to ...").
    "threads @Override public void run", "fb @pytest.fixture", "ig @staticmethod", "IG @property", "snap @latest",
    "ingress ig @v2", "twitter @media query", "twitter: @types/node", "facebook @react-native", "snapchat @2x.png",
    "insta @2x image", "fb @prod deploy", "threads: @auto", "the snap @retry decorator", "ig: @param value",
    "snap @v1.2.3", "fb @app.route('/')", "我叫你来", "我叫他明天来", "我叫大家吃饭",
    # Red team 38's: a software or business licence; no MBI's shape; miles driven; acronyms with a slash before
    # a title's letters.
    "software license number ABCD-1234-EFGH-5678", "state license fee 2025", "Medicare number pending",
    "MBI 1SL0-TE5-MK72", "mileage 120000 km", "loyalty points 12000", "supports TCP/IP MR and CI/CD MS teams",
    "READ/WRITE MRS", "DEV/PROD DR", "HTTP/HTTPS MR", "SSL/TLS MS", "12/34 MS",
    "IBAN gb82 west 1234 5698 7654 33", "Global Entry id pending", "known traveler numbers are 9 characters",
    "CDL 1.0 license", "Attn: Accounts Payable", "Attention: this is important", "DOB 1961/13/09",
    # Round 39's near misses: a project, a service or an idea `was born`; built and released dates; no continuation
    # of the same shape; a KvK number too short.
    "The service was born on 2022-01-01.", "the idea was born 2021-03-03 in a hackathon", "it was born on 2020-02-02",
    "v2 was built on 2021-03-14 and released 2021-04-01", "born in Leeds on 3 March 2017",
    "PPSN 7612394IB and his is 7654321G", "KvK 1234567",
    # Red team 41's near misses: a wrong check digit, no number's shape after the cue, a firm or a brand after a
    # tie or a kinship title, a team after a sign-off, references that are no one's.
    "CLABE 012180001234567898", "DEA BO4829176", "DEA guidance on telehealth prescribing 2025",
    "CRN 12345678 and RFC 9110", "NSS 3.98 library", "Seguridad Social 281234567841", "transit 5 minutes, account 12",
    "my boss said no", "my friend Alexa told me", "my manager Monday morning", "our partner Microsoft announced",
    "my friend Google said", "her late husband said", "Uncle Sam wants you", "Aunt Jemima syrup", "Cousin It",
    "Uncle Ben's rice", "With gratitude,\nThe Acme Team", "Yours,\nSupport", "References: RFC 9110, RFC 7231",
    "Reference: ORD-2026-004417", "Ing. Software Engineer", "aqui é o Rio de Janeiro", "Tia Maria on ice",
    "Auntie Anne's pretzels", "Aunt Annie's mix",
    # Red team 42's: titles after a greeting ending the text, what a chat calls someone instead of a name, public
    # and fictional relatives, firms after `aqui é`, works and firms after `References:`, disciplines after `Ing.`,
    # organisations after a tie or a sign-off, a platform's own accounts after `ist`/`es`.
    "Hey Jude", "Dear Prudence", "Hello Kitty", "Hey Ya", "Hey Arnold", "Thank You Girl", "Hello Nasty",
    "Draft night is booked. Thanks, Coach", "Thanks, Dad", "Thanks, Doc", "Thanks, Boss!", "Thanks, Coach!",
    "Hi Mum!", "Thanks, Mate.",
    "as Uncle Bob says", "Uncle Bob would split this function", "Granny Smith apples 1kg",
    "For films: Uncle Buck and Auntie Mame", "Uncle Vanya", "Cousin Bette by Balzac", "Grandma Moses painted it",
    "Aqui é a Magazine Luiza! Seu pedido saiu", "Aqui é o Mercado Livre", "Aqui é o Banco Inter",
    "References: Stack Overflow Developer Survey", "Referenzen: Deutsche Bahn AG", "Referencias: Banco Santander",
    "Laurea in Ing. Informatica", "Dipartimento di Ing. Civile e Ambientale", "Master in Ing. Gestionale",
    "Ordine degli Ing. Provincia di Bologna", "Avv. Generale dello Stato",
    "my tutor Khan Academy", "my landlord Foxtons Lettings", "my caseworker Citizens Advice Bureau",
    "With gratitude,\nSunrise Animal Rescue", "Yours,\nHarbour Lights Hospice", "Gratefully,\nHope Street Shelter",
    "Yours,\nLittle Sprouts Nursery", "my landlord Greystar Property Management", "my tutor Leeds Chess Society",
    "Telegram ist @BotFather", "en Telegram es @BotFather",
])
def test_no_cue_or_no_person_means_nothing_found(detector: PiiDetector, text: str) -> None:
    found_here = {entity for entity, _ in found(detector, text)}
    spoken = {entity for entity, value in found(detector, text) if " " in value and entity != "PERSON"
              and any(c.isalpha() for c in value)}
    assert not found_here & {"DATE_OF_BIRTH", "ID_NUMBER", "PERSON"} and not spoken, text


@pytest.mark.parametrize(("text", "values"), [
    ("My PPSN is 1234567T and his is 7654321G", ["1234567T", "7654321G"]),
    ("PPSN: 1234567FA, and hers is 7654321PA.", ["1234567FA", "7654321PA"]),
    ("passport number X1234567 and mine is Y7654321 and my wife's is Z1122334", ["X1234567", "Y7654321", "Z1122334"]),
    ("DOB: 1984-03-12 and hers is 1986-07-01", ["1984-03-12", "1986-07-01"]),
    ("My PPSN is 1234567T and his is 7654321A", ["1234567T"]),  # the second fails the check letter
])
def test_another_ones_value_after_a_cued_value_is_found(detector: PiiDetector, text: str, values: list[str]) -> None:
    """Round 39: `and his is`, `and mine is`, `and my wife's is` continue a labelled value with another of the same
    shape and check (the second was left)."""
    assert sorted(value for entity, value in found(detector, text) if entity in {"ID_NUMBER", "DATE_OF_BIRTH"}) \
        == sorted(values)


def test_pesel_checksum() -> None:
    assert pesel_ok("44051401359") and pesel_ok("02070803628")
    assert not pesel_ok("44051401358") and not pesel_ok("4405140135")


def test_red_team_33_checksums() -> None:
    assert ppsn_ok("7612394IA") and ppsn_ok("8840217H") and ppsn_ok("8840217HW")
    assert not ppsn_ok("7612394IB") and not ppsn_ok("7612394JA") and not ppsn_ok("761239IA")
    assert portuguese_nif_ok("248193724") and portuguese_nif_ok("248 193 724") and not portuguese_nif_ok("248193725")
    assert polish_id_card_ok("AXK482193") and polish_id_card_ok("ABA300000") and not polish_id_card_ok("AXK482194")


def test_red_team_41_checksums() -> None:
    assert clabe_ok("012180001234567899") and not clabe_ok("012180001234567898") and not clabe_ok("01218000123456789")
    assert dea_number_ok("BO4829175") and not dea_number_ok("BO4829176") and not dea_number_ok("IO4829175")
    assert social_security_nss_ok("281234567840") and social_security_nss_ok("28/12345678/40")
    assert social_security_nss_ok("28 01234567 42") and not social_security_nss_ok("281234567841")  # (a leading 0)
    assert social_security_nss_ok("12345678903") and not social_security_nss_ok("12345678904")  # Mexico's IMSS, Luhn
    assert centrelink_crn_ok("203 418 592K") and centrelink_crn_ok("203418592K") and not centrelink_crn_ok("203418592")


def test_checksums() -> None:
    assert aba_routing_ok("021000021") and aba_routing_ok("011401533")
    assert not aba_routing_ok("021000022") and not aba_routing_ok("12345678")
    assert nhs_number_ok("9434765919") and not nhs_number_ok("9434765918")
    assert dni_nie_ok("12345678Z") and dni_nie_ok("12345678-z") and dni_nie_ok("X1234567L") and dni_nie_ok("Y1234567X")
    assert not dni_nie_ok("12345678A") and not dni_nie_ok("1234567Z") and not dni_nie_ok("B1234567Z")


def test_the_cheap_gate_lets_every_rule_through() -> None:
    """A rule runs only where one of its keywords starts a word: the keywords must cover its cue."""
    samples = ["DOB 1984-03-12", "passport X1234567", "MRN 0048291", "Driver's licence 12345678", "DL #A12345",
               "acct 55779911", "Bank-Account-Number: 12345678", "ABA 021000021", "sort code 20-00-00",
               "sort code 20-31-58 account 79903160", "SA ID 8001015009087", "policy PA-4471-882910-03",
               "NHS 943 476 5919", "NINO QQ123456C", "TIN 912-34-5678", "national id 12345678", "ID card 1234567",
               "insurance member id ZX-445566", "CARDHOLDER ID: ZQH123456789", "savings account 968180573000",
               "Account: 40281937155", "el código del portón es 1984", "CBS code 4471-82", "RFC GODE561231GR8",
               "at (/home/pvenkataraman/code/x.ts)", "my phone is 4559493322",
               "patient name: Jo Ho", "\n - Name: Jo Ho", "Patient: Jo Ho",
               "Account holder: Jo Ho", "my name is Jo", "hello, this is Jo Ho", "Hi Jo,", "<p>Olá Jo,",
               "Regards,\nJo Ho", "Jo Ho <jo@x.io>", "Dr. Jo Ho", "SSN 536-22-4187", "Card security code 123",
               "social security number 536 22 4187", "CVV2: 713", "born on 03/12/1984", "CPF: 123.456.789-09",
               "SIM ICCID 8944110000123456780", "PAC code EEB482913",
               "Geburtsdatum 03.04.1978", "Geb.-Datum 03.04.1978", "fecha de nacimiento 14/07/1979",
               "date de naissance 14/07/1979", "data di nascita 14/07/1979", "data de nascimento 14/07/1979",
               "geb. 03.04.1978", "geboren am 03.04.1978", "née le 14/07/1979", "ne le 14/07/1979",
               "nato a Roma il 03/03/1980", "nacida el 14/07/1979", "nascido em 14/07/1979",
               "born in Leeds on 3/3/1984",
               "Kontonummer 12345678", "número de cuenta 12345678", "numéro de compte 12345678",
               "numero di conto 12345678", "bank account 12345678", "DNI 12345678Z", "NIE X1234567L",
               "NIF 12345678Z", "PIN 4821", "PUK2 12345678", "UPI sid@okaxis", "VPA: sid@okaxis", "Herr Jo",
               "wallet 0x71C7656EC7ab88b098defB751B7401B5f6d8976F",
               "Frau Dr. Jo", "Sr. Jo", "Sra Jo", "Srta. Jo", "Mme Jo", "Mlle Jo", "Dott. Jo", "Sig.ra Jo",
               "my wife Jo Ho", "NIR 1840775113092", "SIN 130 692 544", "TFN 123 456 782", "Aadhaar 2341 2341 2346",
               "收件人：王晓明", "BRP ZX1234567", "CPF 529.982.247-25",
               "KVNR B284619503", "Kennzeichen: L-FB 2841", "origin=37.79612,-122.41894",
               "Full name (as on passport): Jo Ho", "7bd81c8 (Jo Ho 2024-03-02 14:11:09 +0530 48)",
               "author Jo Ho\n", "x\\ncommitter Jo Ho <jo@x.io>", "tagger Jo Ho", "user.name=Jo Ho",
               "core.bare=false\\nuser.name=Jo Ho", "GIT_COMMITTER_NAME=Jo Ho",
               "four one five five five five oh one three two", "four one one one one one one one one one one one one",
               "cero uno dos, uno ocho cero, cero uno cinco cuatro siete ocho dos tres nueve seis uno cero",
               "código postal uno uno cinco dos nueve", "Nací el tres de enero de mil novecientos noventa y nueve",
               "surname N A I R", "WHERE dni='45871236'",
               "email: jo at x dot io", "PAN: AFZPK7190K", "UTR 1234567890", "PESEL 44051401359",
               "linkedin.com/in/jo-ho", "山田様", "김민준님", "東京都渋谷区神南1-2-3", "北京市朝阳区建国路88号",
               "서울특별시 강남구 테헤란로 123", "Name\nJo Ho", "Next of kin: Jo Ho", "Policy holder: Jo Ho",
               "Mit freundlichen Grüßen\nJo Ho", "Med vänliga hälsningar,\nJo Ho", "Pozdrawiam\nJo Ho",
               "OTP 482913", "BVN 22154873019", "Mi CURP es HEGG560427MVZRRL05", "CEP 01426-001", "Ahmet Bey",
               "{'customer': 'Jo Ho'}", "{'name': 'Jo Ho', 'email': 'jo@x.io'}", "email='jo@x.io', name='Jo Ho'",
               "I'm Jo Ho, on call", "[Jo Ho] hi", "Steuer-ID 12 345 678 901", "A-number A213456789",
               "receipt IOE0931847265", "i'm maria jose quispe", "student id 900417352", "UAN 100922763468",
               "⑈021000021⑈", "IG: @jo_ho", "佐藤と申します",
               "routing 121000358, account 004817263915", "BSB 063-019", "BSB 063-019 acc 1048 2293",
               "PPSN 7612394IA", "NIF 248193724", "dowód osobisty AXK482193", "carta d'identità n. CA48213KM",
               "numéro allocataire 2917463", "maiden name: Kowalczyk",
               "身份证号11010519491231002X", "身分證字號 A123456789", "マイナンバーは314159265352",
               "手机号是13812345678",
               "ת.ז. 034567891", "ИНН 771234567859", "ΑΦΜ 090112450", "784-1987-2345670-7",
               "Меня зовут Сергей Иванов", "my son was born on 14 March 2017", "KvK-nummer 69599084",
               "postcode nw1 6xe", "Massachusetts license number S44182736", "MBI 1EG4TE5MK72",
               "Mileage no. JL 402918736", "OKONKWO/CHIDIMMA MS", "SSR CTCE JO.HO//X.IO", "CTCM 447911482630",
               "IBAN gb82west12345698765432", "KTN 987654321", "Attn: Jo Ho",
               "transit 04821, institution 815, account 8830192", "CLABE 012180001234567899", "DEA BO4829175",
               "CRN 203 418 592K", "Seguridad Social 281234567840", "her late husband Jo", "Uncle Jo",
               "Aqui é a Jo", "Thanks, Jo", "References: Jo Ho", "Referências: Jo Ho", "Ing. Jo Ho",
               "Passcode: Xq7#pL2m", "Host key: 529104", "j-o dot h-o at x dot io", "last four of my SSN: 6621",
               # red team 43
               "ID number 9207140456080", "Thai ID 1-1017-00203-45-0", "Iqama 2190347852", "DNI 32.458.917",
               "CUIT 27-32458917-7",
               "20-28774512-6", "RUT 16.482.391-1", "cédula 1.020.345.678", "CBU 2850590900090418135203",
               "CNIC 35202-4819273-5", "NID 1992269481736", "PhilSys PSN 4821-7730-1946-2258",
               "SSS no. 34-5678901-2", "UMID 0111-2233445-6", "MyKad 900523-14-5678", "NRIC S8812345Z",
               "HKID K512387(9)", "K512387(9)", "GHA-004518239-7", "GhanaPost GPS GA-184-2921", "NUBAN 0127345683",
               "FNB account 62841937025", "RRN 900101-2345670", "SARS tax ref 0123456782",
               "sent to OTIENO ODHIAMBO 254733550192", "to rohanmehta@paytm", "Medicare card 2123 45670 1",
               "VIN 1HGCM82633A004352", "vehicle identification number WVWZZZ1JZXW000001",
               "Rijksregisternr.: 85.07.30-033.28", "numéro national 85073003328", "INSZ 85.07.30-033.28",
               "TX DL 38291746", "NETFILE access code is K7Q2M9XA",
               "account 50100284719366, IFSC HDFC0001234",
               "seen by Sarah Chen, MD today", "cc @Oluwaseun Adeyemi", "IMEI 867531042983615",
               "cccd cua minh 001192004731", "生年月日1989年6月15日", "暗証番号はSakura2147です",
               "linkedin.com/in/kwabena-asante-mensah", "GitHub: https://github.com/tlindq",
               "안녕하세요, 박지우입니다", "at move-out. — Gerry",
               # red team 49
               "Kundennummer KD-4418820", "Amex CID 8841",
               # red team 50
               "PNR QX7M4P", "New e-ticket 1252183799104", "OKONKWO/EMEKA MSTR(CHD/12JUN15)", "el coche 4821 KLM",
               "SSR DOCS BA HK1 P/GBR/533891274/GBR/14MAR87/F/17SEP31/OKONKWO/CHIDINMA/P1",
               "nato a Milano il 07/11/2018",
               # red team 51
               "card EXP 11/28", "date of birth is March third nineteen eighty-four",
               "Kowalski, that's K-O-W-A-L-S-K-I", "the security code is seven one nine", "Gate 2580*, ask for",
               "Hoftor 1947B", "my first school was St Aidan's", "We moved to nine oh four East Camelback Road",
               # red team 54
               "geofence lat=52.48921 lng=13.42170", "<+37.75162,-122.42117> +/- 5.00m", "Telemóvel 912384765",
               "mein Sohn Lukas, geb. 07.09.2016", "Geburtsdatum für die Verifizierung: 14.03.1991",
               "ZELLE FROM JO HO ON 12/02", "VENMO *JO HO", "Hilton Honors # 918437206", "HMRC SHIPLEY 2830172946K",
               "(PTIN P01847263)", "Von: 田中 陽翔 <h.tanaka@x.jp>",
               # red team 55
               "\x1cAM01\x1cC419570823\x1cCATEODORO\x1cCM1187 CALLE PINOS\x1cCQ5755238841",
               "\x1cAM04\x1cC2ZXK882019347\x1cCCTEODORO", "Hallo, hier Jo Ho (Disposition)",
               # red team 56
               "Banner ID N00482913", "SEVIS ID N0034718265", "Geburtsort: Wolfratshausen",
               "geboren am 14.03.2003 in Wolfratshausen", "GET /api/v1/users/sis_user_id:N00517288/enrollments",
               "5220NORTHFIELD\n6220757317574820017733961    0000241500N00482913      DELACROIX-OWENS MARCUS  "
               "0071000010000001\n", "schedine:\n" + "1718/06/202603" + "BIANCHI".ljust(50) + "LORENZO".ljust(30)
               + "123/09/1976403015146MI100000100100000100IDELE" + "CA48213KX".ljust(20) + "403015146\n",
               # red team 57
               "lockbox on hose bib 0614", "GPSLatitude: 30 deg 30' 46.35\" N",
               "Desjardins transit 30512 institution 815 folio 4471209", "https://wa.me/5511987654321?text=Ol%C3%A1",
               "DBS 001634098217 (enhanced)",
               # red team 58
               "QW.OH0250000.NAM/NGUYEN, THI NGOC ANH.SEX/F.DOB/19910227.OLN/PT448219", "SOC/412589037 FBI/482913LB7",
               "OH OLN PT448219.", "PNCID: 19/482917Y", "<gml:pos>39.95877 -83.03315</gml:pos>",
               "Login incorrect (pap: Cleartext password does not match): [ab@isp.ie/Bl4ckbird.1984] (from client",
               "Memorable word is Snowdrop.", "ESI 10443720008123456", "Mon RIO c'est 02P4H7K2M9XQ.",
               # red team 59
               '<birthTime value="19570209"/>',
               # red team 60
               "Anna Schulz geb. Hoffmeister", "AHV-Nr. 756.4815.2739.03", "SV-Nr. des GF 1279150472",
               "CHASSI 9BWAB45U9HT084417", "CÓDIGO RENAVAM 01947362582",
               "chave aleatória: 7d9f0a3e-5b2c-4e81-9f6a-2c4d8e1b7a90", "1950年8月21日生",
               # red team 61
               "My CoS was C2X7K94618P", "visa application ref GWF072841963", "UAN 3491-0287-6615-4302",
               "VISA FRA N° FRA019283746", "CIN BK283746", "Mein Pass N01487326",
               "relevé du compte 011780000012345678901234",
               "login: licence 2PQ7HX3R1", "mr. E.J. van der Linde", "ПІБ: Ковальчук Олена Петрівна",
               "my V-nummer is 3012345678", "РНОКПП 3124509876", "ул. Крещатик, д. 22, кв. 15",
               "Địa chỉ: 45 Nguyễn Huệ, Quận 1",
               # red team 62
               "change the key safe code from 4729 to 8316", "CA lic D6619034", "Führerschein-Nr.: B19HK6T2R51",
               "eTIN: OBRLKTRN85L12N", "CTPS 0048213 série 0031-SP", "contrat n° AXF-88213477",
               "wifi if he needs it BT-Hub6-9XKQ / plumTree!2291", "from Graham Pettifer (tel 0113 496 0721)",
               "Name, Vorname des Versicherten: Hochstätter, Jürgen", "Alarm 1985 + OFF"]
    matched: set[str] = set()
    for sample in samples:
        for rule in CUE_RULES:
            if rule.compile().search(sample):
                matched.add(rule.name)
                assert rule.name in rules_worth_running(sample), (rule.name, sample)
        assert may_have_cue(sample), sample
    assert matched == {rule.name for rule in CUE_RULES}  # every rule is exercised by a sample


def test_every_cue_rule_has_its_own_name() -> None:
    """The recognizer runs rules by name: a second rule of one name would never run."""
    names = [rule.name for rule in CUE_RULES]
    assert len(names) == len(set(names)), sorted(name for name in names if names.count(name) > 1)


@pytest.fixture(scope="module")
def redactor_without_ner() -> Redactor:
    return make_redactor(ner=False)


@pytest.mark.parametrize(("text", "kept"), [
    ("Guten Tag Herr Müller", "Guten Tag Herr <PERSON:"),
    ("Hallo Frau Dr. Schneider,", "Hallo Frau Dr. <PERSON:"),
    ("Sra. López llamó", "Sra. <PERSON:"),
    ("Date of Birth (mm/dd/yyyy) 07/22/1987", "Date of Birth (mm/dd/yyyy) <DATE_OF_BIRTH:"),
    ("née le 14 juillet 1979", "née le <DATE_OF_BIRTH:"),
    ("refund to UPI sidmenon@okhdfcbank", "refund to UPI <ID_NUMBER:"),
    # red team 38: an IBAN typed in lower case (the pattern recognizer reads capitals only)
    ("Refund to IBAN gb82 west 1234 5698 7654 32 (typed in lower case)", "Refund to IBAN <IBAN_CODE:"),
])
def test_the_cue_stays_and_only_the_value_is_replaced(redactor_without_ner: Redactor, text: str, kept: str) -> None:
    assert redactor_without_ner.redact_text(text).startswith(kept)


_TOKEN = re.compile(r"<([A-Z_]+):[0-9a-f]+>")


@pytest.mark.parametrize(("text", "redacted"), [
    ('authors = ["Søren Kierkegaard-Holm <soren.kh@fastmail.dk>"]', 'authors = ["<PERSON> <<EMAIL_ADDRESS>>"]'),
    ('The "author": "Søren Kierkegaard-Holm <soren.kh@fastmail.dk>" field',
     'The "author": "<PERSON> <<EMAIL_ADDRESS>>" field'),
    ('From: "Priya Raman" <priya.raman@example.com>', 'From: "<PERSON>" <<EMAIL_ADDRESS>>'),
    ("^7bd81c8 (Hannelore Kirchner     2024-03-02 14:11:09 +0530  48)     return raw",
     "^7bd81c8 (<PERSON>     2024-03-02 14:11:09 +0530  48)     return raw"),
    ("author Kateryna Shevchenko\nauthor-mail <k.shevchenko@x.io>", "author <PERSON>\nauthor-mail <<EMAIL_ADDRESS>>"),
    ('git config --global user.name "Benedikt Sørensen"', 'git config --global user.name "<PERSON>"'),
])
def test_only_the_name_is_replaced_and_quotes_stay(redactor_without_ner: Redactor, text: str, redacted: str) -> None:
    """Eleventh round: a display name's rule took the quote opening a string (`["<PERSON> <...>"]`),
    which broke the TOML or JSON around it and gave the name a second token."""
    assert _TOKEN.sub(r"<\1>", redactor_without_ner.redact_text(text)) == redacted


def test_a_quoted_name_and_address_keep_their_array_valid_and_the_name_its_token(
        redactor_without_ner: Redactor) -> None:
    toml = 'authors = ["Søren Kierkegaard-Holm <soren.kh@fastmail.dk>"]\n'
    redacted = redactor_without_ner.redact_text(toml + "Thanks, Søren Kierkegaard-Holm <soren.kh@fastmail.dk>")
    author = json.loads(redacted.split("\n")[0].removeprefix("authors = "))[0]  # a TOML array, JSON's too
    name_token = author.split(" ")[0]
    assert name_token.startswith("<PERSON:") and "Søren" not in redacted
    assert redacted.endswith(f"Thanks, {author}")


def test_cue_findings_survive_nowhere_in_the_bytes_written(tmp_path: Path) -> None:
    """End to end with NER off: the CLI writes a trace; neither value survives, and one value keeps
    one token in prose and under its key."""
    record = {
        "event": "tool.succeeded", "tool": "lookup_patient", "run_id": "run_5f1c2a",
        "result": json.dumps({"summary": "Patient: Amara Nwosu, DOB 1961-11-02, MRN 00917733",
                              "dob": "1961-11-02"}),
        "message": "Hi Amara,\nyour appointment is confirmed.\nKind regards,\nDr. Felix Brandt's office",
    }
    source = tmp_path / "in" / "run.jsonl"
    source.parent.mkdir()
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    result = run_cli("redact", str(source.parent), "-o", str(tmp_path / "out"), "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "out" / "run.jsonl").read_text(encoding="utf-8")
    for value in ("Amara Nwosu", "1961-11-02", "00917733", "Hi Amara"):
        assert value not in written, value
    inner = json.loads(json.loads(written)["result"])
    assert inner["dob"].startswith("<DATE_OF_BIRTH:") and inner["dob"] in inner["summary"]
    assert json.loads(written)["run_id"] == "run_5f1c2a"


def test_a_policy_without_the_entities_finds_no_cued_values() -> None:
    redactor: Redactor = make_redactor(ner=False, policy="default")
    assert "<ID_NUMBER:" in redactor.redact_text("MRN 00482913")
    thresholds = {"PHONE_NUMBER": 0.4}
    assert found(PiiDetector(thresholds, ner=False), "MRN 00482913 DOB 1984-03-12") == set()


@pytest.mark.parametrize(("address", "names"), [
    ("aisha.becker32@fastmail.com", ["Aisha Becker"]),
    ("mary-jane.van.dyke@example.org", []),  # four parts: not a plain name
    ("maria.del.carmen@example.es", ["Maria Del Carmen", "Maria Carmen"]),
    ("tomasz_nowak%40example.pl", ["Tomasz Nowak"]),
    ("j.weiss@example.net", []),  # an initial is too little to find elsewhere
    ("billing.team@example.com", []),  # a shared mailbox
    ("data.science@example.com", []),
    ("noreply@example.com", []),
])
def test_names_from_mailbox(address: str, names: list[str]) -> None:
    assert names_from_mailbox(address) == names


def test_a_name_in_an_address_is_replaced_wherever_the_trace_writes_it(tmp_path: Path) -> None:
    """NER off: `Thanks Aisha Becker` and a tool's `owner` field hold no cue of their own; the
    address `aisha.becker32@...` in another record says whose name it is."""
    records = [
        {"role": "user", "content": "I was charged twice, write to aisha.becker32@fastmail.com"},
        {"role": "assistant", "content": "Noted. The refund is on its way, Aisha Becker will hear from us."},
        {"tool": "crm_lookup", "result": {"owner": "Aisha Becker", "plan": "Data Science Pro"}},
    ]
    source = tmp_path / "in" / "run.jsonl"
    source.parent.mkdir()
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = run_cli("redact", str(source.parent), "-o", str(tmp_path / "out"), "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "out" / "run.jsonl").read_text(encoding="utf-8")
    assert "Aisha" not in written and "Becker" not in written
    lines = [json.loads(line) for line in written.splitlines()]
    token = lines[2]["result"]["owner"]
    assert token.startswith("<PERSON:") and token in lines[1]["content"]
    assert lines[2]["result"]["plan"] == "Data Science Pro"


def test_a_contact_records_name_is_a_person_but_a_tools_name_is_structure() -> None:
    redactor = make_redactor(ner=False)
    record = {"customer": {"name": "Ximena Ortiz-Lacroix", "email": "x.ortiz@example.com"},
              "tool_calls": [{"id": "call_1", "name": "lookup_customer", "arguments": "{}"}],
              "note": "escalated by Ximena Ortiz-Lacroix"}
    redacted = redactor.redact(record)
    assert redacted["customer"]["name"].startswith("<PERSON:")
    assert redacted["note"] == "escalated by " + redacted["customer"]["name"]
    assert redacted["tool_calls"][0]["name"] == "lookup_customer"


@pytest.mark.parametrize(("text", "entity", "value"), [
    ("你好，身份证号310104198807123619，请查一下", "ID_NUMBER", "310104198807123619"),
    ("身份证：11010519491231002X", "ID_NUMBER", "11010519491231002X"),
    ("身份证１１０１０５１９９００３０７２３５４，邮箱", "ID_NUMBER", "１１０１０５１９９００３０７２３５４"),
    ("我的手机号是13812345678，收货地址", "PHONE_NUMBER", "13812345678"),
    ("手机１３９１２３４５６７８，身份证", "PHONE_NUMBER", "１３９１２３４５６７８"),
    ("マイナンバーは314159265352です", "ID_NUMBER", "314159265352"),
    ("身分證字號 A123456789.", "ID_NUMBER", "A123456789"),
    ("שלום, ת.ז. 034567891. טלפון", "ID_NUMBER", "034567891"),
    ("ИНН 771234567859, СНИЛС", "ID_NUMBER", "771234567859"),
    ("ΑΦΜ 090112450. Τηλέφωνο", "ID_NUMBER", "090112450"),
    ("رقم الهوية 784-1987-2345670-7، هاتفي", "ID_NUMBER", "784-1987-2345670-7"),
    ("मेरा आधार नंबर 2341 2341 2346 है", "ID_NUMBER", "2341 2341 2346"),
    ("और पैन BQKPS4821L। मोबाइल", "ID_NUMBER", "BQKPS4821L"),
    ("नमस्ते, मेरा नाम राहुल शर्मा है। मेरा", "PERSON", "राहुल शर्मा"),
    ("Здравствуйте! Меня зовут Иванов Сергей Петрович. Заказ", "PERSON", "Иванов Сергей Петрович"),
    ("Καλημέρα, είμαι ο Γιώργος Παπαδόπουλος, ΑΜΚΑ", "PERSON", "Γιώργος Παπαδόπουλος"),
    ("你好，我叫陈家豪，手机", "PERSON", "陈家豪"),
    ("환불 계좌는 신한은행 예금주 이서연입니다.", "PERSON", "이서연"),
])
def test_national_numbers_and_names_in_their_own_scripts(detector: PiiDetector, text: str, entity: str,
                                                         value: str) -> None:
    assert (entity, value) in found(detector, text)


@pytest.mark.parametrize("text", [
    "身份证号310104198807123618",  # the check character is wrong
    "身份证号903104198807123619",  # no region starts with 9
    "订单号E20260312884213，手机号码请勿填写",
    "マイナンバーは314159265353です",  # the check digit is wrong
    "ת.ז. 034567892",
    "ИНН 7707083893",  # a company's (public)
    "ИНН 771234567858",
    "ΑΦΜ 123456781",
    "ref 784-1987-2345670-5",  # the Luhn check fails
    "身分證字號 A123456788",
    "我叫客服",  # a role, not a name
])
def test_national_numbers_in_their_own_scripts_need_their_check(detector: PiiDetector, text: str) -> None:
    assert not [pair for pair in found(detector, text) if pair[0] in ("ID_NUMBER", "PERSON")]


@pytest.mark.parametrize(("text", "entity", "value"), [
    # Red team 44: a pharmacy's and an airline's birth date (the month's name between dashes or slashes); a label
    # after an escaped line end (an iCalendar DESCRIPTION, a JSON string serialised twice); a caller spelling an
    # address with no `email` before it; an insurance member id being confirmed.
    ("SMS: 'Hana here, DOB 11-Nov-1990, for the insurance form'", "DATE_OF_BIRTH", "11-Nov-1990"),
    ("DOB: 14/MAR/82.", "DATE_OF_BIRTH", "14/MAR/82"),
    ("Patient\\nDOB: 1990-01-01\\nAllergies: none", "DATE_OF_BIRTH", "1990-01-01"),
    ("notes\\npassport no. X48192735\\n", "ID_NUMBER", "X48192735"),
    ("[caller 023.3s] d-e-b dot o-s-u-l-l-i-v-a-n at b-t-internet dot com.", "EMAIL_ADDRESS",
     "d-e-b dot o-s-u-l-l-i-v-a-n at b-t-internet dot com"),
    ("Speaker 1: yeah jane dot roe at gmail dot com", "EMAIL_ADDRESS", "jane dot roe at gmail dot com"),
    ("Caller: it's N as in November, O, M, V, U, L, A, dot, D, U, B, E, at gmail dot com, thanks", "EMAIL_ADDRESS",
     "N as in November, O, M, V, U, L, A, dot, D, U, B, E, at gmail dot com"),
    ("Speaker 2: J, O, dot, H, O at example dot com", "EMAIL_ADDRESS", "J, O, dot, H, O at example dot com"),
    ("Got it. Is your insurance member ID still W2847193605?", "ID_NUMBER", "W2847193605"),
    ("my EIN is 04-3571892 as a sole proprietor", "ID_NUMBER", "04-3571892"),
    ("Emergency contacts: Ngaio Parata (NZ, +64 27 551 8820), and", "PERSON", "Ngaio Parata"),
    ("Tax agent: Eleni Tesfaye, phone (02) 9374 4000", "PERSON", "Eleni Tesfaye"),
    ("Medicare card number: 2123 45670 1, expiry 08/2029", "ID_NUMBER", "2123 45670 1"),
    ("her Medicare card 5987654372/1 and", "ID_NUMBER", "5987654372/1"),
    ("Speaker 1: and the last four of my social are 6 6 2 1 if you need them", "US_SSN", "6 6 2 1"),
    ("Agent: can you confirm the last 4 digits of your SSN: 6621?", "US_SSN", "6621"),
])
def test_red_team_44_cues(detector: PiiDetector, text: str, entity: str, value: str) -> None:
    assert (entity, value) in found(detector, text)


# ----- Red team 43: national numbers of Africa, the Gulf, Latin America and Asia, as agents log them in English or
# romanised text. Each was kept before (or, in groups, read as a phone number); each near miss stays.

@pytest.mark.parametrize(("text", "entity", "value"), [
    ("My husband (ID number 9207140456080, pieter@example.com)", "ID_NUMBER", "9207140456080"),
    ("her ID is 7512304089086.", "ID_NUMBER", "7512304089086"),
    ("<tr><td>National ID</td><td>3100400087310</td></tr>", "ID_NUMBER", "3100400087310"),
    ("Thai ID 1-1017-00203-45-0, tel.", "ID_NUMBER", "1-1017-00203-45-0"),
    ("أنا نورة. Iqama 2190347852, جوال 0504418827", "ID_NUMBER", "2190347852"),
    ("أنا نورة. Iqama 2190347852, جوال 0504418827", "PHONE_NUMBER", "0504418827"),
    ("Saudi national ID 1084527314 on file", "ID_NUMBER", "1084527314"),
    ("رقم الهوية 1084527314", "ID_NUMBER", "1084527314"),
    ("Hola, soy Agustina, DNI 32.458.917, CUIT 27-32458917-7.", "ID_NUMBER", "32.458.917"),
    ("Hola, soy Agustina, DNI 32.458.917, CUIT 27-32458917-7.", "ID_NUMBER", "27-32458917-7"),
    ("Mi tío con DNI N° 70123456 me envió", "ID_NUMBER", "70123456"),
    ("<td>Rafael</td><td>20-28774512-6</td>", "ID_NUMBER", "20-28774512-6"),  # written with its hyphens
    ("Buenas, RUT 16.482.391-1, fono", "ID_NUMBER", "16.482.391-1"),
    ("RUT: 21034117K", "ID_NUMBER", "21034117K"),
    ("mi nombre es Valentina, cédula 1.020.345.678, celular", "ID_NUMBER", "1.020.345.678"),
    ("Mi esposo tiene C.C. 79845112 y", "ID_NUMBER", "79845112"),
    ("reintegro a mi CBU 2850590900090418135203 (alias x)", "ID_NUMBER", "2850590900090418135203"),
    ("Su CVU de Mercado Pago es 0000003110004781125337.", "ID_NUMBER", "0000003110004781125337"),
    ("I am Usman, CNIC 35202-4819273-5, JazzCash", "ID_NUMBER", "35202-4819273-5"),
    ("my wife, CNIC no. 4210198234562, her number", "ID_NUMBER", "4210198234562"),
    ("Hello from Dhaka. NID 1992269481736, bKash 01712345678", "ID_NUMBER", "1992269481736"),
    ("Hello from Dhaka. NID 1992269481736, bKash 01712345678", "PHONE_NUMBER", "01712345678"),
    ("My sister's NID number is 4617283950, mobile", "ID_NUMBER", "4617283950"),
    ("PhilSys PSN 4821-7730-1946-2258, TIN", "ID_NUMBER", "4821-7730-1946-2258"),
    ("SSS no. 34-5678901-2, UMID CRN 0111-2233445-6", "ID_NUMBER", "34-5678901-2"),
    ("SSS no. 34-5678901-2, UMID CRN 0111-2233445-6", "ID_NUMBER", "0111-2233445-6"),
    ("Mobile 0918, GCash 09171234567, email", "PHONE_NUMBER", "09171234567"),
    ("My colleague's IC number is 851107105523, phone", "ID_NUMBER", "851107105523"),
    ("MyKad 900523-14-5678, phone", "ID_NUMBER", "900523-14-5678"),
    ("Hello, NRIC S8812345Z, DOB", "ID_NUMBER", "S8812345Z"),
    ("My helper's FIN is M4021763T, she pays", "ID_NUMBER", "M4021763T"),
    ("Singapore FIN F2233445W; Thai ID", "ID_NUMBER", "F2233445W"),
    ("HKID K512387(9), mobile", "ID_NUMBER", "K512387(9)"),
    ("My father's is Y043218(9), home phone", "ID_NUMBER", "Y043218(9)"),  # the card's bracketed check
    ("HKID: AB123456 9 on file", "ID_NUMBER", "AB123456 9"),
    ("Ghana card no. GHA-004518239-7, 020 771 4432", "ID_NUMBER", "GHA-004518239-7"),
    ("Address House No. 14, Osu, GhanaPost GPS GA-184-2921.", "STREET_ADDRESS", "GA-184-2921"),
    ("resolve NUBAN 0127345683 at GTBank", "ID_NUMBER", "0127345683"),
    ("(FNB account 62841937025, branch 250655)", "ID_NUMBER", "62841937025"),
    ("Rekening BCA 8720394415. Saya transfer", "ID_NUMBER", "8720394415"),
    ("My RRN is 900101-2345670, phone", "ID_NUMBER", "900101-2345670"),
    ("My son's RRN is 201015-3345672.", "ID_NUMBER", "201015-3345672"),  # (born since October 2020: no check)
    ("SARS tax ref 0123456782 noted", "ID_NUMBER", "0123456782"),
    ("TGR4KX9B2L Confirmed. KSh 2,500.00 sent to OTIENO ODHIAMBO 254733550192 on 14/7/26", "PHONE_NUMBER",
     "254733550192"),
    ("TGR4KX9B2L Confirmed. KSh 2,500.00 sent to OTIENO ODHIAMBO 254733550192 on 14/7/26", "PERSON",
     "OTIENO ODHIAMBO"),
    ("I paid via UPI to rohanmehta@paytm but", "ID_NUMBER", "rohanmehta@paytm"),
    ("refund my colleague (9820412277@ybl, 098450 33126)", "ID_NUMBER", "9820412277@ybl"),
    ("Mi Nequi es 3104829917. Mi esposo", "PHONE_NUMBER", "3104829917"),
    ("PromptPay 0812345678 will receive", "PHONE_NUMBER", "0812345678"),
    ("Mi tío José Luis Huamán con DNI", "PERSON", "José Luis Huamán"),
    ("Llamó mi prima Lucía Fernández ayer", "PERSON", "Lucía Fernández"),
])
def test_red_team_43_values_after_their_cue(detector: PiiDetector, text: str, entity: str, value: str) -> None:
    assert (entity, value) in found(detector, text)


@pytest.mark.parametrize("text", [
    # Red team 44's near misses: a release's date; an address said without a user name of joined words or spelled
    # letters; a firm's EIN right after its name.
    "released 11-Nov-2024", "look at google dot com", "visit us at acme dot co dot uk today",
    "Medicare card number: 2123 45671 1", "Medicare number 7123456751", "medicare card renewal 2026 10 pages",
    "options a, b, c, at least one dot com domain", "plan A, B, or C at gmail dot com", "steps A, B, C at acme dot com",
    "You are the onboarding assistant for Fairweather Labs (EIN 04-3571892).", "Acme Inc. EIN 12-3456789",
    "Emergency contacts: none on file", "Tax agent: None", "Tax agent: H&R Block",
    "the last four of my social life were 2019 2020 2021 2022", "last four of the SSN rules",
])
def test_red_team_44_near_misses(detector: PiiDetector, text: str) -> None:
    found_here = {entity for entity, _ in found(detector, text)}
    assert not found_here & {"DATE_OF_BIRTH", "ID_NUMBER", "EMAIL_ADDRESS", "PERSON", "US_SSN"}, text


@pytest.mark.parametrize(("text", "kept"), [
    ("Passcode: Xq7#pL2m", "Passcode: <PASSWORD:"),
    ("Join Zoom\\nMeeting ID: 845 1293 7761\\nPasscode: Xq7#pL2m\\nDial by", "Join Zoom\\nMeeting ID: 845 1293 7761"
                                                                             "\\nPasscode: <PASSWORD:"),
    ("Meeting passcode 482913.", "Meeting passcode <PASSWORD:"),
    ("Phone Conference ID: 318 447 902#\nHost key: 529104", "Phone Conference ID: 318 447 902#\nHost key: <PASSWORD:"),
])
def test_red_team_44_a_meetings_passcode_and_host_key(redactor_without_ner: Redactor, text: str, kept: str) -> None:
    """Red team 44: an invite's passcode and its host's key were left (`passcode` was a secret only as a JSON key),
    and an escaped line end before `Meeting ID` made the meeting's id a phone number."""
    assert redactor_without_ner.redact_text(text).startswith(kept)


@pytest.mark.parametrize("text", [
    "Passcode: required", "passcode: v2.3.1", "set a passcode: 123", "the passcode policy (2FA) applies",
    "RSA host key: SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8", "Host key verification failed.",
])
def test_red_team_44_what_follows_passcode_or_host_key_may_be_prose(redactor_without_ner: Redactor, text: str) -> None:
    assert redactor_without_ner.redact_text(text) == text


@pytest.mark.parametrize("text", [
    # a number of the right length failing its check, or its date, or its shape
    "ID number 9207140456081", "her ID is 8813405123084",  # Luhn; no 13th month
    "National ID 3100400087311", "Iqama 2190347853", "Iqama 3190347852",  # mod 11; Luhn; no Iqama starts with 3
    "CUIT 27-32458917-0", "ref 20-32458917-0 rejected", "RUT 16.482.391-0", "RUT: 21034117",
    "CBU 2850590900090418135204", "DNI 12345678A", "DNI 1111111",
    "NRIC S1234567A", "FIN is M4021763N", "HKID K512387(0)", "see K512387(0)", "MyKad 901323-14-5678",
    "IC number 900523-17-5678", "My RRN is 901301-2345670", "RRN 900101-2345671", "SARS tax ref 0123456789",
    "NID 12345678901", "CNIC 35202-4819273-0",  # (an RRN issued before 2020 has its check; a CNIC's sex digit)
    # a Thai number after a bare `ID` (one 13-digit id or millisecond timestamp in ten passes mod 11)
    "request ID 1101700203450", "ID 1719932400123",
    "GHA-00451823-7",  # eight digits
    # a cue's word inside another, or a name that is no cue
    "the run 16.482.391-1 finished",  # (`run` in lower case is a verb)
    "AWS account 123456789012", "Equity account 123456",  # no retail bank's name before `account`
    "pay@examplepay", "git@github.com", "SSS timeout 12-3456789-0", "CC 79845112",
    "UTR 412345678901 for the UPI refund",  # a bank transfer's twelve digits, no UK taxpayer reference
    "Mi tío dice que sí", "the PSN outage", "the PhilSys rollout 2026",
])
def test_red_team_43_near_misses_stay(detector: PiiDetector, text: str) -> None:
    assert not {entity for entity, _ in found(detector, text)} & {"ID_NUMBER", "PERSON", "STREET_ADDRESS"}, text
