"""What in a trace is structure, and what is a secret by its key: one set of rules for every walker.

The engine (which rewrites), the gate's residual scan and the audit (which only read) all walk
records the same way, so they must agree on:
- JSON paths for reports (built from the *redacted* key: a report never quotes a sensitive key);
- which values are structure (ids, enums, tool names) and are never touched;
- which keys name a secret (their value is replaced whole) and which entity type that is;
- OTLP attribute lists (`{"key": k, "value": {...}}`), where `k` is the key of the value;
- JSON documents inside strings.
"""

from __future__ import annotations

import base64
import contextlib
import gzip
import io
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from redactor.detection.base import SECRET_ENTITY_TYPES
from redactor.detection.cues import DEGREES_MINUTES_SECONDS
from redactor.detection.letters import CAPITAL, SMALL
from redactor.detection.secret_rules import (
    COOKIE_CREDENTIAL_MIN_LENGTH,
    PASSWORD_WORDS,
    env_key_holds_secret,
    is_obvious_placeholder,
    is_secret_key,
    might_be_vendor_token,
    normalize_key,
)
from redactor.detection.validators import gs1_check_ok
from redactor.formats.base import (
    STRING_LITERAL,
    JsonStyle,
    NumberSpelling,
    TraceFormat,
    loads_strict,
    sniff_style,
    written_like,
    written_over,
)
from redactor.formats.otlp import OtlpJsonFormat
from redactor.policy import Policy
from redactor.replacement.tokens import is_marker

EMBEDDED_JSON_MARK = "#json"
BASE64_MARK = "#base64"
KEY_MARK = "{key}"
TOOLISH_SIBLINGS = frozenset({"arguments", "args", "parameters", "input_schema", "function", "tool_call_id"})
TOOLISH_PARENTS = frozenset({"tool_calls", "tool_schemas", "tools", "functions"})
# A Google service account key file (`"type": "service_account"`) under a `credentials` key: its private
# key (and the key's id) is the secret; the project, the account's address and Google's endpoints are not,
# and code reads them (`credentials.project_id`).
_SERVICE_ACCOUNT_PUBLIC_FIELDS = frozenset({
    "project_id", "client_email", "client_id", "auth_uri", "token_uri", "auth_provider_x509_cert_url",
    "client_x509_cert_url", "universe_domain",
})
# Inside a secret-named container, these short fields name the kind of credential, not the secret.
SECRET_CONTAINER_SAFE_KEYS = frozenset({
    "type", "kind", "scheme", "token_type", "grant_type", "auth_type", "alg", "algorithm", "provider", "expires_in",
    # a Kubernetes secret volume or reference names the secret and where it is mounted
    "name", "secretName", "secret_name", "optional", "defaultMode", "default_mode", "mountPath", "mount_path",
    # a browser cookie's attributes (Playwright's storageState): only its `value` is the secret
    "domain", "path", "expires", "httpOnly", "secure", "sameSite",
    # a DICOM JSON attribute's value representation (`{"vr": "PN", "Value": [{"Alphabetic": ...}]}`); who issued a
    # token (an OCPI token's `issuer`, an OAuth token's; red team 55)
    "vr", "issuer",
    # an identity provider's credentials record (Okta's `credentials.emails[]`): the address is PII, its
    # state is not
    "status", "verified", "primary",
    # an address record's country and region codes (Shopify's `billing_address.country_code`): coarse, and
    # what tax and shipping code branches on
    "country", "country_code", "country_name", "province_code", "state_code",
})
# ... and in a credentials record, the account the credentials belong to (E-Verify's `credentials.company_id`; red team
# 58). Not in a personal record: a bank account's `account_id` may be its number.
_CREDENTIALS_ACCOUNT_KEYS = frozenset({"company_id", "account_id", "tenant_id", "org_id", "organization_id"})
_SAFE_VALUE_MAX_LENGTH = 40
# ... and any member that names a kind or a state (`bank_account.account_type: "Checking"`, `cardType`,
# `id_status`): an enum, which code branches on.
_ENUM_KEY = re.compile(r"(?:_|(?<=[a-z])(?=[TS]))(?:[Tt]ype|[Kk]ind|[Ss]tatus)$")
# Beside these, a record's `name` is a person's (a contact, a customer, a patient), not a tool's.
CONTACT_FIELDS = frozenset({
    "email", "email_address", "phone", "phone_number", "mobile", "ssn", "dob", "date_of_birth", "home_address",
    "billing_address", "shipping_address", "street_address", "address", "address1", "address_line1", "line1",
    "mailing_street", "mobile_phone", "phones", "emails", "phone_numbers", "email_addresses",
})
# Keys named after a PII type (listed in a policy's redact_keys) keep that type in their token.
_PII_KEY_ENTITIES = {
    "ssn": "US_SSN", "ssn_digits": "US_SSN", "ssn_number": "US_SSN", "ssn_full": "US_SSN", "full_ssn": "US_SSN",
    "social_security_number": "US_SSN", "tax_id": "US_SSN", "card_number": "CREDIT_CARD",
    "pan": "CREDIT_CARD", "cvc": "CREDIT_CARD", "cvv": "CREDIT_CARD", "cvv2": "CREDIT_CARD",
    "card_cvc": "CREDIT_CARD",
    # a home's position under its own keys (Home Assistant's `home_latitude`; red team 51)
    **dict.fromkeys(("home_latitude", "home_longitude", "home_lat", "home_lng", "home_lon", "home_coordinates",
                     "home_gps"), "LOCATION"),
    # a health or dental insurer's member id (red team 51)
    **dict.fromkeys(("insurance_id", "insurance_number", "insurance_no", "insurance_member_id",
                     "health_insurance_number", "dental_insurance_id"), "ID_NUMBER"),
    # a card's expiry under a card's key (3-D Secure's `cardExpiryDate`: YYMM; red team 51)
    **dict.fromkeys(("card_expiry", "card_expiry_date", "card_exp", "card_exp_date", "card_expiration",
                     "card_expiration_date", "cc_exp", "cc_expiry"), "CREDIT_CARD"),
    "iban": "IBAN_CODE", "email": "EMAIL_ADDRESS", "phone": "PHONE_NUMBER",
    "address": "STREET_ADDRESS", "name": "PERSON", "full_name": "PERSON", "first_name": "PERSON",
    "last_name": "PERSON", "given_name": "PERSON", "family_name": "PERSON", "surname": "PERSON",
    "customer_name": "PERSON", "street_address": "STREET_ADDRESS", "billing_address": "STREET_ADDRESS",
    "shipping_address": "STREET_ADDRESS", "home_address": "STREET_ADDRESS", "mailing_address": "STREET_ADDRESS",
    "postal_address": "STREET_ADDRESS", "address_line1": "STREET_ADDRESS",
    "address_line2": "STREET_ADDRESS", "line1": "STREET_ADDRESS", "line2": "STREET_ADDRESS",
    "passport_number": "ID_NUMBER", "passport": "ID_NUMBER", "ssn_last4": "US_SSN", "ssn_last_4": "US_SSN",
    "last4_ssn": "US_SSN", "account_number": "ID_NUMBER", "bank_account_number": "ID_NUMBER",
    "routing_number": "ID_NUMBER", "national_id": "ID_NUMBER", "nhs_number": "ID_NUMBER", "dni": "ID_NUMBER",
    "mrn": "ID_NUMBER", "medical_record_number": "ID_NUMBER", "insurance_member_id": "ID_NUMBER",
    "drivers_license": "ID_NUMBER", "driver_license_number": "ID_NUMBER", "passport_no": "ID_NUMBER",
    "iccid": "ID_NUMBER", "msisdn": "PHONE_NUMBER", "wa_id": "PHONE_NUMBER",
    "wallet_address": "CRYPTO", "crypto_address": "CRYPTO", "btc_address": "CRYPTO", "eth_address": "CRYPTO",
    "deposit_address": "CRYPTO", "withdrawal_address": "CRYPTO", "payout_address": "CRYPTO",
    "bank_account": "ID_NUMBER", "sort_code": "ID_NUMBER", "legal_name": "PERSON", "account_no": "ID_NUMBER",
    "acct_no": "ID_NUMBER", "acct_number": "ID_NUMBER", "cardholder_id": "ID_NUMBER", "given_names": "PERSON",
    "forename": "PERSON", "forenames": "PERSON", "phone_number": "PHONE_NUMBER", "mobile": "PHONE_NUMBER",
    "mobile_phone": "PHONE_NUMBER", "mobile_number": "PHONE_NUMBER",
    "cell_phone": "PHONE_NUMBER", "cellphone": "PHONE_NUMBER", "telephone": "PHONE_NUMBER",
    "home_phone": "PHONE_NUMBER",
    "work_phone": "PHONE_NUMBER", "fax": "PHONE_NUMBER", "fax_number": "PHONE_NUMBER",
    "contact_number": "PHONE_NUMBER", "whatsapp_number": "PHONE_NUMBER",
    "preferred_name": "PERSON", "real_name": "PERSON", "street": "STREET_ADDRESS", "postcode": "STREET_ADDRESS",
    "post_code": "STREET_ADDRESS", "postal_code": "STREET_ADDRESS", "zip_code": "STREET_ADDRESS",
    "zipcode": "STREET_ADDRESS", "dob": "DATE_OF_BIRTH",
    "date_of_birth": "DATE_OF_BIRTH", "birth_date": "DATE_OF_BIRTH", "birthdate": "DATE_OF_BIRTH",
    # an LTI 1.1 launch's user (`lis_person_name_full`, `_given`, `_family`; red team 56)
    **dict.fromkeys(("lis_person_name_full", "lis_person_name_given", "lis_person_name_family"), "PERSON"),
    # where a person was born (an admissions record's `birthplace`, an Abitur holder's `Geburtsort`; red team 56)
    **dict.fromkeys(("birthplace", "birth_place", "place_of_birth", "geburtsort", "lieu_de_naissance",
                     "lugar_de_nacimiento", "lugar_nacimiento", "luogo_di_nascita", "luogo_nascita"), "LOCATION"),
    # a student's ids as SIS and LMS records carry them (Canvas's `sis_user_id`, LTI's `lis_person_sourcedid`), a
    # Quebec student's permanent code, a UK Student Finance customer reference number, a Spanish DNI's support
    # number (red team 56)
    **dict.fromkeys(("sis_user_id", "student_sis_id", "sis_student_id", "lis_person_sourcedid", "permanent_code",
                     "code_permanent", "quebec_permanent_code", "customer_reference_number", "soporte_documento",
                     "numero_soporte", "state_student_number", "state_studentnumber", "sevis_id", "doc_number",
                     "doc_no",
                     # a worker's permit, a volunteer's DBS certificate (red team 57)
                     "work_permit", "work_permit_number", "permis_de_travail", "numero_permis_travail",
                     "dbs_certificate_number", "dbs_certificate", "dbs_number", "disclosure_number"), "ID_NUMBER"),
    # other languages' forms (German, Spanish, French, Italian) and API spellings (Duffel's `born_on`)
    **dict.fromkeys(("born_on", "geburtsdatum", "fecha_nacimiento", "fecha_de_nacimiento", "date_naissance",
                     "date_de_naissance", "data_di_nascita", "data_nascita"), "DATE_OF_BIRTH"),
    **dict.fromkeys(("strasse", "straße", "calle", "direccion", "dirección", "adresse", "anschrift", "indirizzo",
                     "plz", "codigo_postal", "code_postal"), "STREET_ADDRESS"),
    # national identity and tax numbers (German Steuer-ID, Polish PESEL, Indian Aadhaar/PAN, French NIR, UK NINO;
    # a UK UTR by its shape, `_shaped_number_keys`)
    **dict.fromkeys(("steuer_id", "steuerid", "steuernummer", "pesel", "aadhaar", "aadhaar_number", "nir",
                     "pan_number", "nino", "ni_number", "national_insurance_number", "tax_number", "tin",
                     # Australia's tax file number and BSB, Ireland's PPSN, Portugal's NIF, a French CAF file number
                     "tfn", "tax_file_number", "ppsn", "pps_number", "nif", "numero_allocataire", "bsb"), "ID_NUMBER"),
    # the name an ID check or a card read (`name_on_id`), a Japanese form's name in kanji or kana; membership numbers
    **dict.fromkeys(("name_on_id", "name_on_card", "name_on_account", "name_on_document", "name_kanji", "name_kana",
                     "full_name_kana"), "PERSON"),
    **dict.fromkeys(("membership_number", "membership_id", "membership_no"), "ID_NUMBER"),
    # US immigration numbers (A-number, I-94, a USCIS receipt) and a UK right-to-rent/work share code
    **dict.fromkeys(("alien_number", "alien_registration_number", "uscis_number", "uscis_a_number", "i94", "i94_number",
                     "uscis_receipt", "uscis_receipt_number", "share_code", "right_to_work_share_code",
                     "student_id", "student_number"), "ID_NUMBER"),
    # Chinese, Japanese and Korean field names (`{"收件人": "王伟"}`, `{"氏名": ...}`, `{"주소": ...}`)
    **dict.fromkeys(("姓名", "名前", "氏名", "이름", "성명", "收件人",
                     "收货人", "受取人", "수령인", "联系人", "担当者名"), "PERSON"),
    **dict.fromkeys(("住所", "地址", "주소", "收货地址"), "STREET_ADDRESS"),
    **dict.fromkeys(("电话", "電話番号", "전화번호", "手机", "携帯電話"), "PHONE_NUMBER"),
    **dict.fromkeys(("生年月日", "出生日期", "생년월일"), "DATE_OF_BIRTH"),
    # national numbers, full names, phones and addresses under their names in Chinese, Japanese, Korean, Russian
    # and Ukrainian, Greek, Hebrew, Arabic, Hindi and Thai (`{"身份证号": ...}`, `{"ИНН": ...}`, `{"תעודת_זהות": ...}`)
    **dict.fromkeys(("身份证", "身份证号", "身份证号码", "身分證字號", "個人番号", "マイナンバー", "주민등록번호",
                     "주민번호", "инн", "снилс", "αφμ", "αμκα", "תעודת_זהות", "teudat_zehut", "emirates_id"),
                    "ID_NUMBER"),
    **dict.fromkeys(("예금주", "фио", "піб", "ονοματεπώνυμο", "שם_מלא"), "PERSON"),
    **dict.fromkeys(("手机号", "手机号码", "휴대폰", "휴대전화", "телефон", "τηλέφωνο", "טלפון", "هاتف", "رقم_الجوال"),
                    "PHONE_NUMBER"),
    **dict.fromkeys(("адрес", "адреса", "διεύθυνση", "כתובת", "العنوان", "पता", "ที่อยู่"), "STREET_ADDRESS"),
    **dict.fromkeys(("vorname", "nachname", "apellido", "apellidos", "nombre_completo", "prenom", "prénom",
                     "nom_de_famille", "cognome",
                     # (a Mexican credit bureau's XML: `<Nombres>`, `<ApellidoMaterno>`; red team 62)
                     "nombres", "apellido_paterno", "apellido_materno", "primer_nombre", "segundo_nombre",
                     "primer_apellido", "segundo_apellido"), "PERSON"),
    # Names, addresses, plates and ids under the words of more European languages (Polish, Czech, Dutch, the
    # Nordic languages, Finnish, Hungarian, Portuguese); a school pupil's national number (France's INE), a social
    # security number (France's NIR), a SEPA mandate's reference (it leads to the debtor; red team 50)
    **dict.fromkeys((
                    "nome_completo", "nom_complet", "sobrenome", "nazwisko", "imie_nazwisko", "imię_nazwisko",
                    "imie_i_nazwisko", "imię_i_nazwisko", "imie", "imię", "voornaam", "achternaam", "volledige_naam",
                    "fornavn", "efternavn", "etternavn", "fuldt_navn", "fullt_navn", "förnamn", "fornamn",
                    "efternamn", "fullständigt_namn", "jméno", "jmeno", "příjmení", "prijmeni", "celé_jméno",
                    "cele_jmeno", "etunimi", "sukunimi", "vezetéknév", "keresztnév"),
                    "PERSON"),
    **dict.fromkeys((
                    "adresa", "bydliště", "bydliste", "osoite", "adres_zamieszkania", "adresa_bydliště", "woonadres",
                    "bostadsadress", "gatuadress", "indirizzo_residenza", "domicilio", "morada_completa"),
                    "STREET_ADDRESS"),
    **dict.fromkeys((
                    "ine", "numero_securite_sociale", "numéro_sécurité_sociale", "numero_secu", "num_secu",
                    "no_secu", "securite_sociale", "matricula", "matrícula", "nr_rejestracyjny",
                    "numer_rejestracyjny", "spz", "nummerplade", "nummerplate", "registreringsnummer",
                    "kenteken", "targa", "kennzeichen", "kfz_kennzeichen", "immatriculation",
                    "plaque_immatriculation", "rekisterinumero", "mandate_reference", "mandate_ref",
                    "mandatsreferenz", "referencia_mandato", "riferimento_mandato", "sepa_mandate_reference",
                    # (a driving licence in the languages of Europe; red team 51)
                    "fuehrerschein", "führerschein", "fuehrerschein_nr", "führerschein_nr", "fuehrerscheinnummer",
                    "führerscheinnummer", "permis_de_conduire", "numero_permis", "carnet_de_conducir",
                    "permiso_de_conducir", "patente_di_guida", "numero_patente", "rijbewijs", "rijbewijsnummer",
                    "prawo_jazdy", "numer_prawa_jazdy", "korkort", "körkort", "korekort", "kørekort", "ajokortti",
                    "ridicsky_prukaz", "řidičský_průkaz", "carta_de_conducao", "carta_de_condução",
                    # (Denmark's CPR, Czechia's birth number, Spain's NIE, Finland's, Norway's and Iceland's)
                    "cpr_nummer", "cpr_nr", "cpr_number", "rodne_cislo", "rodné_číslo", "nie_number", "henkilotunnus",
                    "hetu", "fodselsnummer", "fødselsnummer", "kennitala"),
                    "ID_NUMBER"),
    # other countries' national, tax and bank ids and birth dates under their own names (Mexico, Brazil,
    # Italy, the Netherlands, Turkey, Indonesia, Vietnam, Poland, Germany)
    **dict.fromkeys(("cpf", "curp", "rfc", "bsn", "tckn", "tc_kimlik", "tc_kimlik_no", "kimlik_no", "codice_fiscale",
                     "partita_iva", "nik", "npwp", "cccd", "cmnd", "cnpj", "nip", "clave_elector", "personalausweis",
                     "ausweisnummer", "clabe", "conta", "numero_conta", "conta_corrente", "rekening", "no_rekening",
                     "rekeningnummer", "so_tai_khoan", "kontonummer", "kvk", "kvk_nummer", "kvknummer", "kvk_number"),
                    "ID_NUMBER"),
    # Germany's pension and health insurance numbers, Spain's social security number, a US prescriber's DEA
    # registration; Portuguese, Dutch and Polish words for an address (red team 41)
    **dict.fromkeys(("sozialversicherungsnummer", "versicherungsnummer", "rentenversicherungsnummer", "sv_nummer",
                     "svnr", "kvnr", "krankenversichertennummer", "versichertennummer", "numero_seguridad_social",
                     "num_seguridad_social", "nuss", "naf", "dea_number", "dea_registration_number"), "ID_NUMBER"),
    **dict.fromkeys(("morada", "endereco", "endereço", "adres", "woonadres"), "STREET_ADDRESS"),
    # national, tax and bank numbers of Africa, the Gulf, Latin America and Asia under their own names (Nigeria's
    # NUBAN and voter's card, Argentina's CUIT/CUIL and CBU/CVU, Singapore's NRIC, Pakistan's CNIC, the Philippines'
    # SSS, PhilSys and UMID numbers, Malaysia's MyKad, a Saudi Iqama, a Hong Kong, Ghana or Thai ID, a Korean RRN,
    # Mexico's CLABE as SPEI names it) and the parties M-Pesa's Daraja API names (`{"Key": "CreditPartyName",
    # "Value": "254733550192 - OTIENO ODHIAMBO"}`): red team 43
    **dict.fromkeys(("nuban", "nuban_number", "voters_card_vin", "voter_card_vin", "voters_card_number", "cuit", "cuil",
                     "cbu", "cvu", "nric", "nric_fin", "nric_no", "nric_number", "fin_number", "cnic", "cnic_number",
                     "cnic_no", "nicop", "sss", "sss_number", "sss_no", "philsys", "philsys_number", "philsys_psn",
                     "umid", "umid_crn", "umid_number", "mykad", "mykad_number", "mykad_no", "ic_number",
                     "ic_no", "iqama", "iqama_number", "iqama_no", "saudi_id", "hkid", "hkid_number", "hkid_no",
                     "ghana_card", "ghana_card_number", "ghana_card_pin", "thai_id", "thai_national_id",
                     "national_id_number", "resident_registration_number", "spei_clabe", "clabe_interbancaria"),
                    "ID_NUMBER"),
    # a visa's foil, a Swedish personnummer (its 12-digit form too), a Korean RRN's back half, Belgium's national
    # register number (red team 45)
    **dict.fromkeys(("visa_foil", "visa_foil_number", "visa_number", "personnummer", "personnummer_12",
                     "samordningsnummer", "rrn", "rrn_last7", "rijksregisternummer", "rijksregister_nummer", "insz",
                     "insz_nummer", "national_register_number"), "ID_NUMBER"),
    # Japan's My Number, an A-number's short keys, a refund's account; a pupil's guardian (red team 46)
    **dict.fromkeys(("my_number", "mynumber", "kojin_bango", "alien_no", "alien_reg_no", "alien_registration_no",
                     "uscis_no", "uscis_number", "direct_deposit_account", "direct_deposit_account_number",
                     "refund_account", "refund_account_number", "deposit_account_number", "payout_account_number"),
                    "ID_NUMBER"),
    # Latin American and Asia-Pacific payroll and KYC records under their own names: a birthday, a document's
    # number (Peru's and Colombia's `numero_documento`, `identificacion`), Peru's pension CUSPP and interbank CCI,
    # Brazil's work booklet and PIS, New Zealand's IRD, India's EPF member id, UAN, CKYC and PIN code, the
    # Philippines' PhilHealth, Indonesia's BPJS, Brazil's phone and postcode words, a name in its own script
    # (red team 52)
    **dict.fromkeys(("birthday", "data_nascimento", "data_de_nascimento", "dt_nascimento", "fecha_nac"),
                    "DATE_OF_BIRTH"),
    **dict.fromkeys(("numero_documento", "numero_de_documento", "nro_documento", "num_documento",
                     "numero_identificacion", "identificacion", "documento_identidad", "cedula", "cédula",
                     "numero_cedula", "cuspp", "cci", "ctps", "pis", "pis_pasep", "nis_pis", "ird_number", "ird_no",
                     "pf_member_id", "epf_member_id", "uan", "uan_number", "ckyc_no", "ckyc_number", "ckyc_id",
                     "philhealth", "philhealth_number", "philhealth_no", "pagibig", "pag_ibig", "pagibig_number",
                     "bpjs", "bpjs_ketenagakerjaan", "bpjs_kesehatan", "numero_cuenta", "cuenta_bancaria",
                     "nro_cuenta"), "ID_NUMBER"),
    **dict.fromkeys(("pincode", "cep"), "STREET_ADDRESS"),
    **dict.fromkeys(("fone", "fone_princ", "telefone", "telefono", "teléfono", "celular", "numero_celular",
                     "mobileno"), "PHONE_NUMBER"),
    # HubSpot's contact property, Portugal's word for a mobile; a device's advertising id (Google's, Apple's IDFA,
    # Adjust's `gps_adid`), which follows one person across apps (red team 54)
    **dict.fromkeys(("mobilephone", "telemovel", "telemóvel"), "PHONE_NUMBER"),
    **dict.fromkeys(("numero_fiscal", "numéro_fiscal", "numero_fiscal_reference"), "ID_NUMBER"),
    # DICOM's keywords for a patient's identifiers and the people of a study (red team 55)
    **dict.fromkeys(("patient_id", "other_patient_ids", "accession_number", "issuer_of_patient_id"), "ID_NUMBER"),
    **dict.fromkeys(("referring_physician_name", "physicians_of_record", "operators_name", "performing_physician_name",
                     "requesting_physician", "name_of_physicians_reading_study", "other_patient_names",
                     "patient_birth_name", "patient_mother_birth_name"), "PERSON"),
    **dict.fromkeys(("patient_telephone_numbers",), "PHONE_NUMBER"),
    # a mother's maiden name, an account's security answer and a family name (a bank's identity check)
    **dict.fromkeys(("maiden_name", "mothers_maiden_name", "mother_maiden_name", "mother_s_maiden_name"), "PERSON"),
    # payroll, HR and motor records (red team 62): a UK biometric residence permit, DVLA's `firstNames`, a health plan's
    # member id, India's PF and ESIC numbers, Brazil's eSocial worker and dependant (`cpfTrab`, `cpfDep`, `nmTrab`,
    # `dtNascto`), a German tax id spelled out, an Australian Medicare card, Spanish and German plates' names
    **dict.fromkeys(("brp", "brp_number", "carrier_member_id", "pf_number", "pf_no", "esic_no", "esic_number",
                     "esi_number", "cpf_trab", "cpf_dep", "cpf_benef", "steuerliche_id", "steuerliche_idnr",
                     "steuer_identifikationsnummer", "steuerliche_identifikationsnummer", "medicare", "placas", "placa",
                     "kennz"), "ID_NUMBER"),
    **dict.fromkeys(("first_names", "nm_trab", "nm_dep", "nm_benef"), "PERSON"),
    **dict.fromkeys(("city_state_zip", "city_state_postal", "city_state_postcode"), "STREET_ADDRESS"),
    **dict.fromkeys(("dt_nascto",), "DATE_OF_BIRTH"),
    # an EV charging card's RFID UID (OCPP's `idTag`) and the number printed on it (OCPI's `visual_number`)
    **dict.fromkeys(("id_tag", "idtag", "visual_number"), "ID_NUMBER"),
    **dict.fromkeys(("advertising_id", "google_advertising_id", "idfa", "gps_adid", "adid", "adjust_gps_adid",
                     "adjust_adid"), "ID_NUMBER"),
    **dict.fromkeys(("chinese_name", "chinesename", "name_local", "local_name", "native_name", "name_native",
                     "name_hindi", "hangul_name", "kanji_name", "name_kanji", "name_kana", "kana_name"), "PERSON"),
    "guardian": "PERSON",
    # a checkout form's autofill names (`cc-name`, `cc-number`), a statement's other party (red team 47)
    **dict.fromkeys(("cc_name", "cardholder", "counterparty_name"), "PERSON"),
    # a nominee, a courier (`kurye`), a name in English beside the native one; dates of birth in the Hijri and the
    # Buddhist era; a Thai house registration, a Saudi national address, a Vietnamese permanent residence; Iran's
    # IBAN (`sheba`) (red team 48)
    **dict.fromkeys(("nominee", "nominee_name", "kurye", "name_en", "name_ar", "name_th"), "PERSON"),
    **dict.fromkeys(("dob_hijri", "dob_be", "dob_gregorian"), "DATE_OF_BIRTH"),
    **dict.fromkeys(("house_reg", "national_address", "thuong_tru", "dia_chi"), "STREET_ADDRESS"),
    "sheba": "IBAN_CODE",
    "cc_number": "CREDIT_CARD",
    **dict.fromkeys(("credit_party_name", "debit_party_name", "receiver_party_public_name"), "PERSON"),
    **dict.fromkeys(("data_nascimento", "geboortedatum", "data_urodzenia", "dogum_tarihi", "doğum_tarihi",
                     "tgl_lahir", "tanggal_lahir", "ngay_sinh", "ne_le", "nee_le"), "DATE_OF_BIRTH"),
    # a CRM's or an analytics event's address parts and name spellings (Salesforce `MailingCity`, HubSpot
    # `firstname`/`zip`, Okta's `geographicalContext.city`, Segment's `$city`)
    **dict.fromkeys(("city", "town", "city_name", "ip_city", "mailing_city", "billing_city", "shipping_city",
                     "other_city"), "LOCATION"),
    **dict.fromkeys(("zip", "mailing_postal_code", "billing_postal_code", "shipping_postal_code",
                     "mailing_street", "billing_street", "shipping_street", "other_street"), "STREET_ADDRESS"),
    **dict.fromkeys(("firstname", "lastname", "fullname", "givenname", "familyname", "middle_name", "middlename"),
                    "PERSON"),
    # a call record's parties (a CDR's `caller,callee` columns hold E.164 numbers without their `+`)
    **dict.fromkeys(("caller", "callee", "caller_number", "callee_number", "calling_number", "called_number",
                     "from_number", "to_number", "a_number", "b_number"), "PHONE_NUMBER"),
    # people named by their role in a record (a claim, a lease, a school's, a bank's)
    **dict.fromkeys(("registered_owner", "policyholder", "policy_holder", "insured_name", "claimant_name",
                     "tenant_name", "landlord_name", "guardian_name", "parent_name", "student_name", "patient_name",
                     "guest_name", "driver_name", "witness_name", "account_holder", "account_holder_name",
                     "caller_name", "cardholder_name", "beneficiary_name", "emergency_contact_name",
                     "next_of_kin",
                     # who signed for a delivery, as carriers' tracking records name them (`"signed_by": "J.SMITH"`)
                     "signed_by", "signed_for_by", "signed_for_by_name", "received_by_name", "signer_name",
                     "signatory_name",
                     # a call's caller id name (CNAM), as an IVR or a switch logs it (red team 58)
                     "ani_name", "cnam", "caller_id_name", "calleridname", "cid_name"), "PERSON"),
    # Nordic and Baltic population registers' fields (Navet, Folkeregisteret, CPR, the Estonian and Finnish ones)
    # and CDISC's (SDTM's DM domain, ODM's items): birth dates, names, street names, personal numbers (red team 59)
    **dict.fromkeys(("fodelsedatum", "födelsedatum", "foedselsdato", "fødselsdato", "fodselsdato", "synniaeg",
                     "sünniaeg", "syntymaaika", "brthdtc", "brthdat"), "DATE_OF_BIRTH"),
    **dict.fromkeys(("perenimi", "eesnimi", "invnam"), "PERSON"),
    # IVMS101's and ISO 20022's address and identity fields (`streetName`, `StrtNm`, `AdrLine`, `BldgNb`, `PstCd`,
    # `BirthDt`, `CityOfBirth`, `nationalIdentifier`; red team 60)
    **dict.fromkeys(("street_name", "strt_nm", "adr_line", "bldg_nb", "pst_cd"), "STREET_ADDRESS"),
    "birth_dt": "DATE_OF_BIRTH", "city_of_birth": "LOCATION", "national_identifier": "ID_NUMBER",
    # a W-8BEN's foreign TIN (line 6a), an identity document's personal number (Jumio's `personalNumber`; red team 60)
    **dict.fromkeys(("foreign_tin", "foreign_tax_id", "foreign_tax_identifying_number", "personal_number"),
                    "ID_NUMBER"),
    **dict.fromkeys(("adressenavn", "utdelningsadress", "aadress", "katuosoite"), "STREET_ADDRESS"),
    **dict.fromkeys(("isikukood", "henkilötunnus", "cpr_nummer", "lanr"), "ID_NUMBER"),  # (not `fnr`, `cpr`: metrics)
    # licences, vehicles, benefits, loyalty and utility accounts: numbers that lead to one person
    # (a police national computer's and the FBI's record numbers, an NCIC operator's licence, a UK vehicle's
    # registration mark, a form's bank account; red team 58)
    **dict.fromkeys(("dl", "oln", "pnc", "pnc_id", "pncid", "pnc_number", "fbi_number", "fbi_no", "vrm", "bank_acct",
                     "bank_acct_no", "bank_acct_number",
                     # a Texas electricity premise's ESI ID (one home's)
                     "esi_id", "esiid"), "ID_NUMBER"),
    **dict.fromkeys(("dl_number", "drivers_license_number", "driving_licence", "driving_licence_number",
                     "drivers_licence", "license_number", "licence_number", "vin", "plate", "license_plate",
                     "licence_plate", "plate_number", "number_plate", "medicaid_id", "medicare_number", "medicare_id",
                     "medicare_card_number", "medicare_card_no", "medicare_no",
                     "policy_number", "loyalty_number", "frequent_flyer_number", "bvn", "nin", "meter_number", "mpan",
                     "mprn", "itin", "id_number", "document_number", "student_number", "frequent_flyer", "ff_number",
                     "rx_number", "prescription_number", "student_id", "vehicle_registration", "imei", "imsi",
                     "cdl", "cdl_number", "ktn", "known_traveler_number", "known_traveller_number", "redress_number",
                     "member_id", "member_number", "subscriber_id", "subscriber_number", "policy_no",
                     "claim_number",
                     # (a licence by its holder's singular; a US Medicare Beneficiary Identifier)
                     "driver_license", "driver_licence", "driver_license_no", "driver_licence_number",
                     "drivers_license_no", "drivers_licence_number", "mbi", "medicare_beneficiary_id",
                     "medicare_beneficiary_identifier",
                     # (a vehicle identification number under its longer names: it leads to the owner)
                     "vin_number", "vin_no", "vehicle_vin", "vehicle_identification_number"), "ID_NUMBER"),
    # a meter's serial (UK `msn`), a German meter point (`malo`/`melo`, `zaehlernummer`) and the customer and
    # contract numbers of a German bill; an identity card; a Brazilian Pix key (a CPF, a phone, an email or a
    # random key: each leads to one payee); a porting code (UK PAC/STAC); Persona's `name-first`,
    # `identification-number` (red team 49)
    **dict.fromkeys(("msn", "meter_serial", "meter_serial_number", "mpan_core", "malo", "melo", "malo_id",
                     "melo_id", "zaehlernummer", "zählernummer", "kundennummer", "vertragsnummer", "id_card",
                     "id_card_number", "identity_card", "identity_card_number", "chave_pix", "pix_key",
                     "porting_code", "unique_porting_code", "pac_code", "stac_code", "identification_number",
                     "ausweisnummer", "personalausweisnummer"), "ID_NUMBER"),
    **dict.fromkeys(("name_first", "name_last", "name_middle"), "PERSON"),
    # An e-ticket's number, a loyalty programme's membership, a trusted traveller's number (red team 50)
    **dict.fromkeys(("e_ticket", "eticket", "e_ticket_number", "eticket_number",
                     "membership_number", "membership_no", "tsa_precheck", "precheck_number", "global_entry_number",
                     "nexus_number"), "ID_NUMBER"),
}
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# Beside a "columns" list, the member holding a query result's rows (lists of cells).
TABLE_ROW_KEYS = frozenset({"rows", "data", "values", "records", "Records", "data_array"})
# A column expectation's failing values (Great Expectations: `result.partial_unexpected_list`, `unexpected_list`,
# `partial_unexpected_counts[].value`) are values of the column it checks (round 53): an `email` check's
# `kwame.boateng@gmail,com`, a `date_of_birth` format check's `14/03/1987`.
UNEXPECTED_VALUE_LISTS = frozenset({"partial_unexpected_list", "unexpected_list", "partial_unexpected_counts"})
# The members beside them that name their columns (see `StructureRules.table_columns`).
TABLE_COLUMN_KEYS = frozenset({"columns", "resultSetMetaData", "ColumnMetadata", "schema"})


def _warehouse_columns(value: Mapping[str, Any]) -> Any:
    """The columns a warehouse's API names beside its rows (see `StructureRules.table_columns`), else None."""
    meta, schema = value.get("resultSetMetaData"), value.get("schema")
    if isinstance(meta, dict):
        return meta.get("rowType")  # Snowflake's SQL API
    if "Records" in value:
        return value.get("ColumnMetadata")  # Redshift's Data API
    if isinstance(schema, dict) and "rows" in value:
        return schema.get("fields")  # BigQuery's
    return None


def _column_names(columns: Any) -> list[str] | None:
    """The names of a result's columns: names, or `{"name": ...}` objects as many drivers write them."""
    if not isinstance(columns, list) or not columns:
        return None
    names = [c if isinstance(c, str) else c.get("name") if isinstance(c, dict) else None for c in columns]
    return names if all(isinstance(name, str) for name in names) else None  # type: ignore[return-value]


def row_cells(row: Any) -> list[Any] | None:
    """A query result's row as a list of its cells: itself, or BigQuery's `{"f": [{"v": ...}, ...]}`."""
    if isinstance(row, list):
        return row
    if isinstance(row, dict) and row.keys() == {"f"} and isinstance(row["f"], list):
        return row["f"]
    return None


@dataclass(slots=True)
class NodeContext:
    """Where a node sits. The report path is only spelled out when a finding needs it (rarely), so
    each node stores its parent and its own path segment instead of a full path string.

    Treated as immutable (never assigned after creation). Not `frozen`: one is made per container
    and string of every record, and a frozen dataclass's __init__ costs several times more."""

    parent: NodeContext | None
    segment: str  # ".key", "[3]", "#json" or "{key}"; "$" at the root
    shape: str  # the path with every index as [*], for structural-path rules: $.a.b[*].c
    key: str | None = None
    secret_entity: str | None = None  # inside the value of a secret-named key
    name: str | None = None  # the dict key this node sits under, as read (the segment is built from it)

    @property
    def path(self) -> str:
        """The JSON path for reports: $.a.b[3].c"""
        return self.spelled_path(None)

    def spelled_path(self, spell_key: Callable[[str], str] | None) -> str:
        """The JSON path, each dict key written as `spell_key(key)` (e.g. its redacted form)."""
        segments: list[str] = []
        node: NodeContext | None = self
        while node is not None:
            if spell_key is not None and node.name is not None:
                segments.append(key_segment(spell_key(node.name)))
            else:
                segments.append(node.segment)
            node = node.parent
        return "".join(reversed(segments))

    def value_key(self) -> str | None:
        """The key this value belongs to, through OTLP's typed wrappers (an attribute's
        `{"arrayValue": {"values": [{"stringValue": ...}]}}` belongs to the attribute's name)."""
        node = self
        while node.key in _OTLP_VALUE_WRAPPERS and node.parent is not None:
            node = node.parent
        return node.key

    def child(self, key: str, shape: str, effective_key: str, secret_entity: str | None) -> NodeContext:
        return NodeContext(self, key_segment(key), shape, effective_key, secret_entity, key)

    def at_index(self, index: int, shape: str | None = None) -> NodeContext:
        """Item `index` of this list; `shape` (this shape + "[*]") when the caller has it already."""
        return NodeContext(self, f"[{index}]", shape if shape is not None else self.shape + "[*]", self.key,
                           self.secret_entity)

    def cell(self, index: int, column: str, shape: str, secret_entity: str | None) -> NodeContext:
        """Cell `index` of this row of a query result, the value of `column` (see `table_columns`)."""
        return NodeContext(self, f"[{index}]", shape, column, secret_entity)

    def embedded(self, mark: str = EMBEDDED_JSON_MARK) -> NodeContext:
        """The root of a JSON document (or of base64-encoded text: `BASE64_MARK`) inside this string."""
        return NodeContext(self, mark, self.shape + mark)

    def for_key(self) -> NodeContext:
        """Where a dict key of this node is reported."""
        return NodeContext(self, KEY_MARK, self.shape + KEY_MARK)


ROOT = NodeContext(None, "$", "$")


@lru_cache(maxsize=65536)
def key_segment(key: str) -> str:
    return f".{key}" if _IDENTIFIER.match(key) else f"[{json.dumps(key, ensure_ascii=False)}]"


def compile_structural_paths(patterns: Iterable[str]) -> re.Pattern[str] | None:
    """`a.b[*].c`, `**.x`, `a.*` -> one regex over path shapes (where indices are already [*])."""
    parts = []
    for pattern in patterns:
        regex = re.escape("$." + pattern)
        regex = regex.replace(r"\*\*", "§ANY§").replace(r"\[\*\]", "§IDX§").replace(r"\*", r"[^.\[#]+")
        regex = regex.replace("§IDX§", r"\[\*\]").replace("§ANY§", r".*")
        parts.append(f"(?:{regex})")
    return re.compile("|".join(parts)) if parts else None


# Whose data a key holds, written before the data's own name (`patient_dob`, `partner_steuer_id`,
# `applicant_ssn`, `co_borrower_date_of_birth`): a person's, so the rest of the key says what it is. (Not
# `owner_`: a contract's, a repository's or a resource's owner is as often a machine, `owner_address: 0x...`.)
_PARTY_PREFIX = re.compile(
    r"(?:(?:patient|partner|spouse|applicant|co_?applicant|borrower|co_?borrower|customer|client|member|holder|"
    r"employee|tenant|landlord|guarantor|beneficiary|payee|payer|caller|guest|child|father|mother|parent|guardian|"
    r"insured|policyholder|subscriber|dependent|dependant|passenger|traveler|traveller|buyer|seller|sender|"
    r"recipient|student|candidate|claimant|witness|victim|contact|primary|secondary|emergency|"
    # (the parties of a court case, a bail bond, a police report and a jury list; red team 58)
    r"defendant|plaintiff|petitioner|respondent|indemnitor|co_?signer|suspect|offender|arrestee|inmate|probationer|"
    r"parolee|juror|complainant|reporting_party|decedent|deceased|officer|resident|occupant|homeowner|"
    # (a number port's donor operator's record, `donor_imsi`; a subscriber's last or former device, `last_imei`)
    r"donor|last|previous|former|current|old|new|"
    r"his|her|their|my|your)_)+")
# Abbreviations that name personal data whatever is written before them: a state's licence, `ohio_dl`; the vehicle
# pledged on a bond, `collateral_vin` (red team 58).
_ABBREVIATION_ENDINGS = frozenset({"dob", "ssn", "vin", "dl", "oln", "pnc", "tfn", "nino", "itin", "tin", "iban"})
# What a key adds after the thing it names: `imei_last_seen`, `mpan_full`, `phone_2` (red team 49); whose it is, a
# CSV column's `dni_tutor`, `telefono_madre`, `email_parent` (red team 50).
_QUALIFIER_TAIL = re.compile(r"(?:_(?:full|last_seen|seen|on_file|current|primary|secondary|old|new|previous|"
                             r"original|[0-9]|tutor|titular|padre|madre|parent|guardian|alumno|alumna"
                             # (a vehicle's owner and driver in Spanish and Portuguese: `curp_propietario`; red team 62)
                             r"|hijo|hija|child|propietario|propietaria|proprietario|conductor|condutor|dueno|dueño"
                             r"))+$")


@lru_cache(maxsize=16_384)
def _key_spellings(key: str) -> tuple[str, ...]:
    """`customerName`, `Customer-Name` -> customer_name; an OTLP attribute `user.full_name` is
    also read by its last part, `full_name`; a party's `patient_dob`, `partner_steuer_id` by what
    follows the party, `dob`, `steuer_id`."""
    normalized = normalize_key(key)
    spellings: tuple[str, ...] = (key.lower(), normalized)
    if key.endswith("__c"):  # a Salesforce custom field, `DNI__c`, `Date_of_Birth__c` (red team 48)
        spellings = (*spellings, normalize_key(key[:-3]))
    elif normalized.startswith("u_") and len(normalized) > 4:
        spellings = (*spellings, normalized[2:])  # a ServiceNow custom field, `u_birth_date` (red team 56)
    if "." in key:
        spellings = (*spellings, normalize_key(key.rsplit(".", 1)[1]))
    party = _PARTY_PREFIX.match(spellings[-1])
    if party is not None and party.end() < len(spellings[-1]):
        spellings = (*spellings, spellings[-1][party.end():])
    tail = _QUALIFIER_TAIL.search(spellings[-1])
    if tail is not None and tail.start() > 0:
        spellings = (*spellings, spellings[-1][:tail.start()])
    last = spellings[-1].rpartition("_")[2]
    if last in _ABBREVIATION_ENDINGS and last != spellings[-1]:
        spellings = (*spellings, last)
    return spellings


def is_secret_name(policy: Policy, key: str) -> bool:
    """A key whose value is always replaced whole: built-in secret names plus the policy's redact_keys
    (in any spelling, see `_key_spellings`)."""
    return any(spelling in policy.redact_keys for spelling in _key_spellings(key)) or is_secret_key(key) \
        or (_is_dicom_tag_key(key) and dicom_tag_entity(key) is not None)  # (a standard's tags, as secret names are)


@lru_cache(maxsize=16_384)
def pii_entity_for_key(key: str) -> str | None:
    """The PII type a key names (`email`, `customerName`, `user.phone`), else None. (Cached: every member
    of a trace asks, JSON numbers too, and keys repeat in every record.)"""
    for spelling in _key_spellings(key):
        if spelling in _PII_KEY_ENTITIES:
            return _PII_KEY_ENTITIES[spelling]
    return dicom_tag_entity(key) if _is_dicom_tag_key(key) else None


def _is_dicom_tag_key(key: str) -> bool:
    """The cheap test before `dicom_tag_entity` (`(0010,0020)`, `00100010`)."""
    return key[:1] == "(" or (len(key) == 8 and key[:2] == "00")


# A log-probability entry (OpenAI's `{"token", "logprob", "bytes"}`, vLLM's `decoded_token`, Gemini's
# `logProbability`): its `token` is a piece of the model's text, no credential.
_LOGPROB_KEYS = frozenset({"logprob", "logProbability", "log_probability", "log_prob"})


def is_generated_token(record: Mapping[str, Any], key: str, parent_key: str | None = None) -> bool:
    """(Also LangChain's `new_token` run event, as LangSmith exports it: `{"name": "new_token", "kwargs":
    {"token": "Hel", "chunk": {...}}}`; red team 40: its text became an access token's pseudonym.)"""
    if key == "token" and parent_key == "kwargs" and "chunk" in record and record.keys() <= {"token", "chunk"}:
        return True
    return key in ("token", "decoded_token") and not _LOGPROB_KEYS.isdisjoint(record.keys())


def is_secret_reference(record: Mapping[str, Any]) -> bool:
    """A serialised reference to a secret, not the secret: LangChain's `{"lc": 1, "type": "secret", "id":
    ["OPENAI_API_KEY"]}` (in every serialised chat model), Haystack's `{"type": "env_var", "env_vars":
    ["OPENAI_API_KEY"], "strict": true}` (in every serialised pipeline): names of environment variables."""
    if record.get("type") == "secret" and "lc" in record and record.keys() <= {"lc", "type", "id"}:
        return _names_environment_variables(record.get("id"))  # (`"id": ["Tr0ub4dor..."]` is no name)
    return record.get("type") == "env_var" and record.keys() <= {"type", "env_vars", "strict"} \
        and _names_environment_variables(record.get("env_vars"))


def _names_environment_variables(names: Any) -> bool:
    return isinstance(names, list) and bool(names) and all(
        isinstance(name, str) and _ENV_VAR_NAME.fullmatch(name) for name in names)


_ENV_VAR_NAME = re.compile(r"[A-Z_][A-Z0-9_]*")


# Keys that hold a user's handle or a person's name, whichever the system stores (Sentry's `username`,
# Jira's `assignee`, a ticket's `requester`).
_PERSON_OR_HANDLE_KEYS = frozenset({
    "user", "username", "user_name", "display_name", "owner", "assignee", "reporter", "requester", "author",
    "created_by", "updated_by", "submitted_by", "approved_by", "assigned_to", "contact", "customer", "employee",
    # payments and HR: the holder of a card or an account, a transfer's parties (ISO 20022 writes `Nm`)
    "cardholder", "cardholder_name", "card_holder", "card_holder_name", "account_holder", "account_holder_name",
    "beneficiary", "beneficiary_name", "payee", "payee_name", "payer", "payer_name", "debtor", "creditor", "nm",
    "insured", "guarantor", "patient", "passenger", "traveler", "traveller", "guest", "recipient", "addressee",
    # a spouse's record in Spanish and German CRMs (`"conyuge": {"nombre": ...}`; red team 60)
    "conyuge", "cónyuge", "esposa", "esposo", "ehepartner", "ehepartnerin", "ehefrau", "ehemann", "spouse",
    "recipient_name", "sender_name", "candidate", "applicant", "manager", "supervisor",
    # field service, lettings, motor policies, school and emergency forms (red team 18). (Not `tenant`,
    # `member`, `driver`, `children`, `tech`: a SaaS tenant, a plan, a JDBC driver, a UI tree's nodes.)
    "technician", "engineer_name", "negotiator", "named_drivers", "child_name", "emergency_contact", "ec_name",
    "next_of_kin", "dependent", "dependant", "guardian", "parent_name", "witness", "attendee",
    "attendees", "caseworker", "adjuster", "landlord", "student", "teacher", "physician", "doctor", "nurse",
    "clinician", "practitioner", "signatory", "signer",
    # a prescription's, a referral's and a vet's or a law firm's people (`"prescriber": "Anjali Raghunathan, MD"`)
    "prescriber", "prescribing_physician", "prescribing_doctor", "referring_physician", "referring_doctor",
    "veterinarian", "attorney", "solicitor",
    # a card's or an account's holder under its bare name (Adyen's `card.holderName`, a payee's `holder`)
    "holder", "holder_name",
    # a payroll or KYC record's family: each `{"name": ..., "relationship": ...}` of its list (red team 52)
    "dependents", "dependants", "beneficiaries", "family_members", "household_members", "emergency_contacts",
})
# A professional's letters after the name (`Anjali Raghunathan, MD`, `Rajesh Kulkarni MRCVS`).
_POST_NOMINALS = re.compile(r",?[ \t]+(?:MD|DO|RN|NP|PA-C|PhD|DDS|DMD|DVM|MRCVS|BVSc|PharmD|FRCP|MRCP|MBBS|Esq\.?)$")
# A full name as people write theirs: two to four capitalised words.
# (Any Latin script's letters: Vietnamese `Nguyễn Thị Mai`, Polish `Łucja Wiśniewska`.)
_WRITTEN_FULL_NAME = re.compile(rf"[{CAPITAL}][{CAPITAL}{SMALL}'’-]+(?: [{CAPITAL}][{CAPITAL}{SMALL}'’-]+){{1,3}}")


@lru_cache(maxsize=16_384)
def _person_key(key: str) -> tuple[bool, bool, tuple[str, ...]]:
    """(is `name`, is a user or owner field, the siblings that would hold its email or phone): every
    string member of a trace asks, and keys repeat in every record."""
    siblings = tuple(f"{key}{suffix}" for suffix in ("_email", "Email", "_phone", "Phone"))
    return key.lower() in _NAME_WORDS, normalize_key(key) in _PERSON_OR_HANDLE_KEYS, siblings


# A record named for the bank itself, whose `name` is the bank's (a `bank_details` record's may be its holder's).
_BANK_RECORD_KEYS = frozenset({"bank", "banco", "banque", "bank_name"})
# `name` in the languages of the forms agents fill in (`{"navn": "Mette Kjærgaard", "cpr": ...}`, Dutch `naam`): read
# as `name` is, a person's where the record is a contact's or holds personal data (red team 50).
_NAME_WORDS = frozenset({"name", "nom", "nome", "nombre", "naam", "navn", "namn", "nimi", "név", "jmeno"})


# A travel-rule message's natural person's name (IVMS101: `nameIdentifier: [{"primaryIdentifier": <family name>,
# "secondaryIdentifier": <given names>, "nameIdentifierType": "LEGL"}]`; red team 60).
_IVMS_NAME_PARTS = frozenset({"primaryIdentifier", "secondaryIdentifier"})
_IVMS_LEI_TYPE = "LEIX"


def names_a_person(record: Mapping[str, Any], key: str, value: str, record_key: str | None = None) -> bool:
    """The chat participant's `name`; a contact record's (`{"name": ..., "email": ...}`); a member whose
    sibling is its email or phone (`"author"` beside `"author_email"`, `"assignee"` beside
    `"assigneeEmail"`); a user, owner or holder field, the `name` of a user, owner or holder record
    (Salesforce's `"Owner": {"Name": ...}`), or the `name` of a record holding personal data, that holds a
    full name rather than a handle or a company's name."""
    is_name, person_or_handle, siblings = _person_key(key)
    if is_name and is_animal_record(record):
        return False  # (a vet clinic's patient: `{"name": "Biscuit", "species": "canine", "breed": "Beagle"}`)
    if is_name and record_key is not None and normalize_key(record_key) in _BANK_RECORD_KEYS:
        return False  # (the bank's own: `"banco": {"nombre": "BBVA México", "clabe": ...}`; red team 52)
    person_or_handle = person_or_handle or (
        is_name and record_key is not None and normalize_key(record_key) in _PERSON_OR_HANDLE_KEYS)
    if key in _IVMS_NAME_PARTS and "nameIdentifierType" in record:
        return _has_letters(value)  # (IVMS101's natural person: `{"primaryIdentifier": "Nakamura", ...}`)
    if key in ("first", "middle", "last") and "first" in record and "last" in record and is_contact_record(record):
        return _has_letters(value)  # (a CRM export's `lead_id,first,last,email,...`; red team 62)
    if is_name and record.get("role") == "user":
        # the chat participant, whatever its form (`oliver_bennett`), unless it is an agent of a group
        # chat named by its job (AutoGen/AG2's `Planner`, `Engineer`, `user_proxy`)
        return not is_agent_role_name(value)
    if is_name and (is_contact_record(record) or _names_a_part_beside(record)):
        # (not an order's `name` beside the buyer's email: `#1042`, `Order Completed`; beside `Vorname` or
        # `Apellidos` it is the other part of a person's name: a German payroll's `Name;Vorname`; red team 56)
        return _has_letters(value) and _plausible(value)
    if any(sibling in record for sibling in siblings):
        return True
    if person_or_handle or (is_name and holds_personal_data(record)):
        return _reads_as_full_name(value)  # (a handle, a company, a checklist's name are no person's)
    return False


# A given or a family name's key, in the languages of payrolls and forms.
_NAME_PART_KEYS = frozenset({
    "first_name", "firstname", "given_name", "givenname", "vorname", "prenom", "prénom", "voornaam", "fornavn",
    "fornamn", "förnamn", "etunimi", "imie", "imię", "last_name", "lastname", "family_name", "surname", "nachname",
    "apellido", "apellidos", "cognome", "sobrenome", "achternaam", "efternavn", "etternavn", "efternamn", "sukunimi",
    "nazwisko"})


def _names_a_part_beside(record: Mapping[str, Any]) -> bool:
    return any(isinstance(key, str) and normalize_key(key) in _NAME_PART_KEYS for key in record)


# The jobs multi-agent frameworks name their agents by (AutoGen/AG2 group chats, CrewAI roles).
_AGENT_ROLE_WORDS = frozenset({
    "admin", "administrator", "planner", "engineer", "executor", "critic", "coder", "reviewer", "assistant",
    "manager", "writer", "researcher", "analyst", "scientist", "designer", "tester", "architect", "product",
    "proxy", "user", "agent", "bot", "ai", "orchestrator", "supervisor", "router", "editor", "translator",
    "summarizer", "summariser", "retriever", "narrator", "moderator", "checker", "verifier", "solver",
    "code", "data", "qa", "sql", "web", "search", "triage", "support", "sales", "billing", "expert", "lead",
    "senior", "junior", "chief", "helper", "worker", "boss", "teacher", "tutor", "judge",
})
_WORDS_OF_A_NAME = re.compile(r"[A-Za-z]+")


# The last word of an agent's identifier whatever its job (`caseworker_proxy`, `eligibility_agent`).
_AGENT_SUFFIXES = frozenset({"proxy", "agent", "bot", "assistant", "ai", "executor", "planner", "critic", "worker"})
_IDENTIFIER_NAME = re.compile(r"[a-z]+(?:[_-][a-z]+)+")


def is_agent_role_name(value: str) -> bool:
    """An agent's name made of job words only (`Planner`, `user_proxy`, `Code Reviewer`, `sql-agent`), or an
    identifier that ends in what it is (`caseworker_proxy`)."""
    words = _WORDS_OF_A_NAME.findall(value)
    if _IDENTIFIER_NAME.fullmatch(value) and words[-1] in _AGENT_SUFFIXES:
        return True
    return bool(words) and len(words) <= 4 and "".join(words) == re.sub(r"[\s_-]", "", value) \
        and all(word.lower() in _AGENT_ROLE_WORDS for word in words)


# A contact record's bare `address` (HubSpot's `properties.address`, a CRM export's `Address`): the
# policies do not list the key (an email, IP, wallet or memory address share the name), so it is a
# postal address only beside a person's other contact fields and when it reads as one (a number and
# a word, no `@`, `://` or address of a machine).
_ADDRESS_KEYS = frozenset({"address", "addr", "postal_address", "adresse", "direccion", "indirizzo"})
_MACHINE_ADDRESS = re.compile(r"(?:0x)?[0-9a-fA-F:.]+(?::\d+)?|[\w.-]+:\d+|\S+")


def is_postal_address(record: Mapping[str, Any], key: str, value: str) -> bool:
    if normalize_key(key) not in _ADDRESS_KEYS or not reads_as_postal_address(value):
        return False
    return any(normalize_key(other) in CONTACT_FIELDS for other in record if isinstance(other, str) and other != key)


def reads_as_postal_address(value: str) -> bool:
    """A number and a word, and no address of a machine (`10.0.0.5:8080`, `https://...`, a mailbox)."""
    return "@" not in value and "://" not in value and _MACHINE_ADDRESS.fullmatch(value) is None \
        and any(c.isdigit() for c in value) and _has_letters(value)


# A name/value pair's members, and the attributes of a form field that a browser agent records beside them.
# Name/value pair records, by their (name, value) fields: OTLP attributes and HAR/k8s entries (`key`,
# `value`), AWS tags (`Key`, `Value`), SSM parameters and Cognito attributes (`Name`, `Value`; only a
# parameter's or an attribute's name: `{"Name": "Ana Souza", "Value": 42}` is a chart's row) and
# CloudFormation's (`ParameterKey`, `ParameterValue`; `OutputKey`, `OutputValue`). Their name field is
# structure, like a dict key (`PAIR_NAME_FIELDS`). A CRM's or a form's custom fields (HubSpot's
# `{"property": "firstname", "value": ...}`, `{"field": "ssn_last4", ...}`, `{"label": "Account PIN", ...}`)
# name the value the same way; their name is read as it always was.
# (and an IVR's key presses by the prompt they answer: `{"prompt": "account_pin", "digits": "8315"}`; red team 51)
_PAIR_FIELDS = (("key", "value"), ("Key", "Value"), ("Name", "Value"), ("ParameterKey", "ParameterValue"),
                ("OutputKey", "OutputValue"), ("property", "value"), ("field", "value"), ("attribute", "value"),
                ("label", "value"), ("prompt", "digits"))
PAIR_NAME_FIELDS = frozenset({"key", "Key", "Name", "ParameterKey", "OutputKey"})
PAIR_NAME_SPELLINGS = frozenset({"name", *(name for name, _ in _PAIR_FIELDS)})  # (the form field's `name` too)
PAIR_VALUE_FIELDS = frozenset(value for _, value in _PAIR_FIELDS)
_AWS_PARAMETER_FIELDS = frozenset({"Name", "Value", "Type", "Version", "LastModifiedDate", "ARN", "DataType",
                                   "Selector", "SourceResult", "Description", "Tier", "KeyId"})
_SSM_PARAMETER_TYPES = frozenset({"String", "StringList", "SecureString"})
# A Postman collection's or environment's header, query, form and variable entries (`{"key": "X-API-Key",
# "value": ..., "type": "text", "description": ..., "disabled": false}`; red team 40).
_POSTMAN_PAIR_FIELDS = frozenset({"key", "value", "type", "description", "disabled", "enabled", "src", "contentType"})
# A path, a lower-case word (`email`), or words joined by `_`, `.`, `:` or `-` (`custom:tax_id`, `DB_PASSWORD`).
_AWS_PARAMETER_NAME = re.compile(
    r"/[\w./-]+|[a-z][a-z0-9]*(?:[_.:-][A-Za-z0-9]+)*|[A-Za-z][A-Za-z0-9]*(?:[_.:-][A-Za-z0-9]+)+")
_SECRET_NAME_HINT = re.compile(r"(?i)pass|pwd|secret|token|key|credential|auth")
# An intake bot's or a survey's answers, each beside its question (`{"question": "What is your date of birth?",
# "answer": ...}`, a form's `{"label": "Your email", "value": ...}`, a Typeform webhook's `{"field": {"title":
# ...}, "type": "email", "email": ...}`): the answer is what a member named by the question's subject holds.
# (Not a model's `{"prompt", "response"}`: an eval set's `Reset my password` asks for no password.)
_QUESTION_FIELDS = ("question", "title", "label", "q")
_ANSWER_FIELDS = frozenset({"answer", "value", "a"})
_QUESTION_LEAD = re.compile(
    r"(?i)\s*(?:\d+[.)]\s*)?(?:(?:what|which)(?:'s|’s| is| are| was)\s+(?:your|the\s+\w+(?:'s|’s))"
    r"|(?:please\s+)?(?:enter|provide|confirm|type|give(?:\s+us)?|tell\s+us)\s+(?:your|the\s+\w+(?:'s|’s))"
    r"|your)\s+")
_QUESTION_TAIL = re.compile(r"\s*(?:\([^()]*\))?\s*[?:.*]*\s*$")
_QUESTION_SUBJECT_MAX_WORDS = 4


def question_subject(record: Mapping[str, Any]) -> str | None:
    """What an answer's question asks for, as a key would name it (`What is your full name?` -> `full name`),
    for a record that holds a question and its answer and little else; else None. A question that asks for
    no field (`Anything else we should know?`) names nothing a key would: its answer is read as text."""
    if len(record) > 4:
        return None
    question: Any = None
    if any(field in record for field in _ANSWER_FIELDS):
        question = next((record[field] for field in _QUESTION_FIELDS if field in record), None)
    elif isinstance(field := record.get("field"), dict) and isinstance(kind := record.get("type"), str) \
            and kind in record:
        question = field.get("title")  # (Typeform: the answer sits under its type's name)
    if not isinstance(question, str) or len(question) > 120:
        return None
    lead = _QUESTION_LEAD.match(question)
    if lead is None and "?" in question:
        return None  # (an FAQ's `Forgot password?` asks about one, a form's `What is your password?` for one)
    subject = question[lead.end() if lead else 0:]
    tail = _QUESTION_TAIL.search(subject)
    subject = subject[:tail.start()] if tail else subject
    if lead is not None and subject.lower() == "name":
        return "full name"  # (`What is your name?` asks for a person's, where a bare `name` may be a thing's)
    return subject if subject and len(subject.split()) <= _QUESTION_SUBJECT_MAX_WORDS else None


# A turn that asks for one thing, answered by the next turn alone (a support or voice agent's identity check: `Can
# you confirm your date of birth?`, then `14/03/1987`; `And the PIN?`, then `4821`): the answer is what a member
# named after the thing holds. The more specific forms come first: a subject inside one's words is that one (the
# card's `security code on the back` is no login's `security code`). A turn that asks for two things, or an answer
# with no digit where a number was asked for, is left to the detectors.
_ASKED_SUBJECT_WORDS = (
    (r"date of birth|birth ?date|d\.?o\.?b|birthday", "date_of_birth"),
    (r"social security(?: number)?|(?:last (?:four|4)(?: digits)? of (?:your |the )?)social|ssn", "ssn"),
    (r"cvv2?|cvc2?|(?:three|3)[- ]digit (?:security )?code|security code on the back", "cvv"),
    (r"(?:long )?(?:card|credit card|debit card) number|number on the (?:front of the )?card", "card_number"),
    (r"pin(?: number| code)?|passcode|pass code|security code|verification code|one[- ]time (?:pass)?code|otp"
     r"|code (?:we|I) (?:just )?(?:sent|texted|emailed)", "pin"),
    (r"(?:mother'?s|mother’s) maiden name|maiden name", "mothers_maiden_name"),
    (r"memorable word|memorable (?:place|date)|answer to (?:your |the )?security question|security answer",
     "memorable_word"),
    (r"password", "password"),
    (r"sort code", "sort_code"),
    (r"routing number", "routing_number"),
    (r"account number", "account_number"),
    (r"passport number", "passport_number"),
    (r"driv(?:er'?s|er’s|ing) licen[cs]e(?: number)?|licen[cs]e number", "driving_licence_number"),
    (r"national insurance(?: number)?|ni number", "national_insurance_number"),
    (r"(?:member(?:ship)?|policy|customer|patient|medicare|medicaid|insurance) (?:id|number)", "member_id"),
    (r"post ?code|postal code|zip(?: code)?", "postcode"),
    (r"(?:phone|mobile|cell|callback|contact|telephone) number|number (?:we|I) can reach you (?:on|at)",
     "phone_number"),
    (r"(?:home|street|billing|postal|mailing|delivery|shipping) address", "home_address"),
    (r"(?:your|the caller'?s|the account holder'?s|the patient'?s) (?:full |first and last |legal )?name",
     "full_name"),
)
_ASKED_SUBJECTS = tuple((re.compile(rf"(?i)\b(?:{words})\b"), key) for words, key in _ASKED_SUBJECT_WORDS)
# What asks: a question, or a request for the thing (`Please read me the code we texted you.`).
_ASKING = re.compile(r"(?i)\?|\b(?:please|could you|can you|can I (?:get|have)|may I (?:have|get)|I(?:'ll| will)? need)"
                     r"\b")
_ASKER_ROLES = frozenset({"assistant", "agent", "model", "bot", "ai"})
_ANSWERER_ROLES = frozenset({"user", "human", "customer", "caller"})
_ANSWER_MAX_LENGTH = 64
_ASKED_TEXT_TAIL = 240  # the question is the turn's last sentence or two
# What an answer names without a digit (a name, a word); the others are numbers, dates and codes, and an answer
# of no digit to them (`I don't have it to hand`) is read as text.
_WORDED_SUBJECTS = frozenset({"mothers_maiden_name", "memorable_word", "password", "full_name"})
# An answer to a yes-or-no question (`Shall I reset your password?`, `Yes please`) names nothing.
_YES_OR_NO = re.compile(r"(?i)(?:yes|yeah|yep|yup|no|nope|nah|ok|okay|sure|please|thanks|thank you|correct|right"
                        r"|go ahead|done|not sure|I don'?t know)\b")


_TEXT_BLOCK_TYPES = frozenset({"text", "input_text", "output_text"})


def _turn_text(message: Mapping[str, Any]) -> tuple[dict[str, Any], str, str] | None:
    """A chat message's text, with the dict and key that hold it: a message's `content` string, or its one text
    block (OpenAI's and Anthropic's `content: [{"type": "text", "text": ...}]`, OpenTelemetry GenAI's and Gemini's
    `parts: [{"type": "text", "content": ...}]`)."""
    content = message.get("content")
    if isinstance(content, str):
        return message, "content", content  # type: ignore[return-value]
    blocks = content if isinstance(content, list) else message.get("parts")
    if isinstance(blocks, list) and len(blocks) == 1 and isinstance(block := blocks[0], dict):
        for key in ("text", "content"):
            if isinstance(text := block.get(key), str) and block.get("type", "text") in _TEXT_BLOCK_TYPES:
                return block, key, text
    return None


def asked_subject(question: str) -> str | None:
    """The one thing `question` asks for, as a member would be named; None when it asks for none or for two. A
    subject found inside a more specific one's words is that one (`security code on the back` is a card's)."""
    found: list[tuple[int, int, str]] = []
    for pattern, key in _ASKED_SUBJECTS:
        for match in pattern.finditer(question):
            if not any(start <= match.start() and match.end() <= end for start, end, _ in found):
                found.append((match.start(), match.end(), key))
    keys = {key for _, _, key in found}
    return keys.pop() if len(keys) == 1 else None


def answered_turns(messages: list[Any]) -> dict[int, tuple[str, str]]:
    """For a chat's messages: id() of the dict holding each answer to the turn before (see `_ASKED_SUBJECTS`)
    -> (the key that holds the answer's text, the member name the answer is read as)."""
    answers: dict[int, tuple[str, str]] = {}
    for before, message in itertools.pairwise(messages):
        if not (isinstance(before, dict) and isinstance(message, dict)
                and before.get("role") in _ASKER_ROLES and message.get("role") in _ANSWERER_ROLES):
            continue
        asked, answer = _turn_text(before), _turn_text(message)
        if asked is None or answer is None or len(text := answer[2].strip()) > _ANSWER_MAX_LENGTH \
                or not text or "?" in text:
            continue
        question = asked[2][-_ASKED_TEXT_TAIL:]
        if _ASKING.search(question) is None:
            continue
        subject = asked_subject(question)
        if subject is not None and (ANY_DIGIT.search(text) or (
                subject in _WORDED_SUBJECTS and _YES_OR_NO.match(text) is None)):
            answers[id(answer[0])] = (answer[1], subject)
    return answers


# A browser agent's action on a form field: the value it types beside the field it names (Playwright MCP's
# `{"element": "Security code textbox", "ref": "e52", "text": "416"}`, its form fill's `{"name": "Password", "type":
# "textbox", "ref": "e14", "value": ...}`, a Puppeteer tool's `{"selector": "input[name=\"cvc\"]", "value": ...}`;
# red team 53). The value is what a member of the field's name holds.
_BROWSER_ACTION_FIELDS = frozenset({"element", "selector", "ref", "text", "value", "submit", "slowly", "index",
                                    "name", "type", "clear", "delay", "timeout", "frame"})
_BROWSER_VALUE_FIELDS = ("text", "value")
_BROWSER_ACTION_MAX_FIELDS = 8
_SELECTOR_FIELD_NAME = re.compile(r"""\[\s*(?:name|id|autocomplete|aria-label|placeholder|data-testid"""
                                  r"""|formcontrolname)\s*[*^$~|]?=\s*["']?([^"'\]]{1,80})|#([A-Za-z][\w-]{0,80})""")
_ELEMENT_ROLE_WORD = re.compile(r"(?i)\s+(?:text[ ]?box|input|field|text[ ]field|combobox|searchbox|spinbutton)\s*$")


def browser_field_name(record: Mapping[str, Any]) -> str | None:
    """The name of the form field a browser agent's action types into (see `_BROWSER_ACTION_FIELDS`; a tool's own
    options beside a selector, `{"selector": "#idvPin", "text": ..., "press": "Enter"}`), else None."""
    if not any(field in record for field in _BROWSER_VALUE_FIELDS):
        return None
    if not record.keys() <= _BROWSER_ACTION_FIELDS and not (
            ("selector" in record or "element" in record) and len(record) <= _BROWSER_ACTION_MAX_FIELDS):
        return None
    element = record.get("element")
    if isinstance(element, str) and len(element) <= 80:
        return _ELEMENT_ROLE_WORD.sub("", element.strip().strip("\"'")) or None
    selector = record.get("selector")
    if isinstance(selector, str) and (found := _SELECTOR_FIELD_NAME.search(selector)) is not None:
        return found.group(1) or found.group(2)
    name = record.get("name")
    return name if isinstance(name, str) and "ref" in record and len(name) <= 80 else None


# A password manager's concealed field, as its CLI prints an item (1Password's `{"id": "password", "type":
# "CONCEALED", "purpose": "PASSWORD", "label": ..., "value": ...}`, Bitwarden's hidden custom field `{"name":
# "Memorable word", "value": ..., "type": 1}`), and a browser's accessibility node (CDP's `{"role": {"value":
# "textbox"}, "name": {"value": "U.S. passport number"}, "value": {"value": ...}}`): what the value is (red team 53).
_CONCEALED_FIELD_TYPES = frozenset({"CONCEALED", "concealed"})
_BITWARDEN_HIDDEN_FIELD = 1
_AX_TEXT_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "textField", "TextField"})


def concealed_field_name(record: Mapping[str, Any]) -> str | None:
    if "value" not in record:
        return None
    kind = record.get("type")
    if (isinstance(kind, str) and kind in _CONCEALED_FIELD_TYPES) or record.get("purpose") == "PASSWORD":
        return "password"
    if kind == _BITWARDEN_HIDDEN_FIELD and isinstance(record.get("name"), str) and len(record) <= 4:
        return "password"
    role, name = record.get("role"), record.get("name")
    if isinstance(role, dict) and role.get("value") in _AX_TEXT_ROLES and isinstance(name, dict) \
            and isinstance(label := name.get("value"), str) and len(label) <= 80:
        return label
    return None


# An item of a keychain dump (objection's `ios keychain dump --json`, keychain-dumper, `security dump-keychain`): a
# password item's `data` is the secret it keeps; its account, service, access group and dates are not (red team 54).
_KEYCHAIN_PASSWORD_CLASSES = frozenset({"kSecClassGenericPassword", "kSecClassInternetPassword", "genp", "inet"})
KEYCHAIN_DATA_FIELDS = frozenset({"data", "v_Data", "dataString"})


def keychain_secret_field(record: Mapping[str, Any]) -> str | None:
    """"password" for a keychain dump's password item (see `_KEYCHAIN_PASSWORD_CLASSES`), else None."""
    kind = record.get("item_class", record.get("class"))
    if isinstance(kind, str) and kind in _KEYCHAIN_PASSWORD_CLASSES and not KEYCHAIN_DATA_FIELDS.isdisjoint(record):
        return "password"
    return None


_FORM_FIELD_KEYS = frozenset({
    "name", "value", "comment", "type", "id", "placeholder", "class", "autocomplete", "label", "aria-label",
    "aria_label", "required", "maxlength", "title", "tag", "tag_name", "tagName", "role", "disabled", "checked",
    "readonly", "pattern", "inputmode", "selector", "xpath", "index",
})
# A tool definition or a JSON Schema node (`{"name", "description", "parameters"}`, `{"type": "string",
# "description": ...}`), whose texts describe code, not people.
_SCHEMA_TEXT_KEYS = frozenset({"description", "title"})
_SCHEMA_MEMBERS = frozenset({"parameters", "input_schema", "inputSchema", "properties", "enum", "items",
                             "required", "additionalProperties", "json_schema"})
_SCHEMA_PROPERTY_CONTAINERS = frozenset({"properties", "patternProperties", "$defs", "definitions"})
_SCHEMA_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null", "function"})


def is_schema(record: Mapping[str, Any]) -> bool:
    """(A nullable field lists its types: `"type": ["string", "null"]`.)"""
    kind = record.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    return not _SCHEMA_MEMBERS.isdisjoint(record) or (
        bool(kinds) and all(isinstance(name, str) and name in _SCHEMA_TYPES for name in kinds))


# An alerting service's integration key in its event body (PagerDuty Events v2 `{"routing_key", "event_action",
# "payload"}`, v1 `{"service_key", "event_type", "incident_key"}`): it lets anyone page the team. (A
# message broker's `routing_key` is a queue's name: only beside these events' own fields.)
_INTEGRATION_KEY_NAMES = frozenset({"routing_key", "service_key", "integration_key"})
_ALERT_EVENT_FIELDS = frozenset({"event_action", "event_type", "incident_key", "dedup_key"})


def is_alerting_integration_key(record: Mapping[str, Any], key: str) -> bool:
    return key in _INTEGRATION_KEY_NAMES and not _ALERT_EVENT_FIELDS.isdisjoint(record)


def _has_letters(value: str) -> bool:
    return any(char.isalpha() for char in value)


def _plausible(value: str) -> bool:
    from redactor.detection.cues import is_plausible_person

    return is_plausible_person(value)


def _reads_as_full_name(value: str) -> bool:
    from redactor.detection.cues import reads_as_reservation_name

    value = _POST_NOMINALS.sub("", value)
    if "/" in value:  # (a passenger as an airline's reservation writes it: `FERREIRA/ANA LUIZA MRS`)
        return reads_as_reservation_name(value)
    if reads_as_cjk_name(value):
        return True
    return _WRITTEN_FULL_NAME.fullmatch(value) is not None and _plausible(value)


# A Chinese or Korean name as its own script writes it: a family name and a given name, two to four
# characters, no space (`陈慧玲`, `박정호`; red team 52).
# (Not a firm's or an institution's short name: `华为公司`, `株式会社`, `국민은행`.)
_CJK_NAME = re.compile(r"(?![\u4e00-\u9fff\uac00-\ud7a3]*(?:公司|会社|會社|集团|集團|银行|銀行|商店|医院|醫院|学校"
                       r"|學校|大学|大學|회사|은행|병원|학교|대학))(?:[\u4e00-\u9fff]{2,4}|[\uac00-\ud7a3]{2,4})")


def reads_as_cjk_name(value: str) -> bool:
    """A Chinese or Korean name in its own script (see `_CJK_NAME`)."""
    return _CJK_NAME.fullmatch(value) is not None


# What an identity document, a licence or a membership record calls its number, and the types and
# record names that make it one (`{"type": "passport", "number": ...}`, `"license": {"number": ...}`).
_DOCUMENT_NUMBER_KEYS = frozenset({"number", "no", "num", "value", "id_number", "document_number", "account", "routing",
                                   "account_no", "unique_identifier", "identifier",  # (Duffel's passengers)
                                   # (`{"tipo": "CIE", "numero": ...}`, a bank's `{"banco": {"cuenta": ...}}`)
                                   "numero", "número", "nummer", "numer", "cuenta",
                                   "nr"})  # (a German finance application's `"ausweis": {"nr": ...}`; red team 62)
# A FHIR identifier's `system` that names a personal number (`{"system": "http://hl7.org/fhir/sid/us-ssn",
# "value": ...}`, `.../id/medicare-number`, `https://fhir.nhs.uk/Id/nhs-number`, a hospital's `/mrn`).
_PERSONAL_ID_SYSTEM = re.compile(r"(?i)(?<![a-z])(?:medicare|medicaid|passport|ssn|social-security|nhs|national|"
                                 r"driver|licen[cs]e|ihi|bsn|nino|insurance|member|mrn|medical-record|patient)"
                                 r"(?![a-z])")
# (Read after the system's host: NHS England's systems all sit on `fhir.nhs.uk`, a GP practice's
# `https://fhir.nhs.uk/Id/ods-organization-code` as well as the patient's `.../Id/nhs-number`; red team 41.)
_SYSTEM_HOST = re.compile(r"^[a-z][a-z0-9+.-]*://[^/]*")
_DOCUMENT_TYPE_KEYS = ("type", "document_type", "doc_type", "kind", "id_type", "doc", "document", "tipo",
                       "tipo_documento", "typ", "rodzaj")
_IDENTITY_DOCUMENTS = frozenset({
    # other languages' identity cards: Italy's CIE, Spain's DNI/NIE, France's CNI, Germany's, Poland's, Brazil's RG
    "cie", "carta_identita", "carta_di_identita", "carta_d_identita", "dni", "nie", "cni", "carte_identite",
    "personalausweis", "dowod", "dowod_osobisty", "dowód", "dowód_osobisty", "rg", "cpf", "passaporto", "pasaporte",
    "passeport", "reisepass", "paszport",
    "passport", "passports", "drivers_license", "driver_license", "drivers_licence", "driving_licence",
    "driving_license",
    "license", "licence", "dl", "cdl", "national_id", "id_card", "identity_card", "national_identity_card",
    "residence_permit",
    "visa", "ssn", "itin", "tax_id", "nin", "bvn", "aadhaar", "pan", "voter_id", "loyalty", "frequent_flyer",
    "medicaid", "medicare", "insurance_card", "license_plate", "plate", "direct_deposit", "bank", "bank_details",
    "payout_account", "ach", "eft", "bacs", "international",  # Plaid's `numbers.ach[].account`
    "payroll", "bank_account", "banking", "salary_account",  # an HR system's `payroll: {account, ifsc}`
    "payment", "check", "cheque", "refund", "direct_debit", "bank_transfer",  # `payment: {routing, account}`
    "payout",  # a claim's `"payout": {"method": "ACH", "account": ...}` (red team 48)
    # an airline booking's travel document (`"docs": {"type": "P", "number": ...}`, IATA's DOCS)
    "docs", "travel_document", "travel_documents", "apis",
    # a payroll record's bank in Spanish and Portuguese (`"banco": {"nombre": "BBVA", "cuenta": ...}`; red team 52)
    "banco", "datos_bancarios", "dados_bancarios", "cuenta_bancaria", "conta_bancaria",
    # an Australian police system's property items (`{"type": "DRIVER LICENCE", "issuer": "NSW", "number": ...}`,
    # `"MEDICARE CARD"`; red team 58) and the other cards that prove who one is
    "driver_licence", "medicare_card", "health_card", "photo_card", "proof_of_age_card", "learner_licence",
    "learners_permit", "state_id", "ehic",
    # a German identity card's record (`"ausweis": {"nummer": ...}`; red team 60)
    "ausweis", "ausweisdokument", "id_karte", "identitaetskarte", "identitätskarte",
})


# A bank's code (India's IFSC, a UK sort code, a US routing number, an Australian BSB, a BIC, a Canadian transit
# number): the account number beside it is that bank's customer's.
_BANK_CODE_KEYS = frozenset({"ifsc", "ifsc_code", "sort_code", "sortcode", "routing_number", "aba",
                             "aba_routing_number", "bsb", "bic", "swift", "swift_code", "swift_bic", "transit_number",
                             "institution_number", "bank_code", "blz"})
_BANK_ACCOUNT_NUMBER_KEYS = frozenset({"account", "account_no", "number", "no", "num"})
# What a bank account's record says of its bank, public: the bank's code and name (`"bank_account": {"ifsc":
# "HDFC0001842", "bank_name": "HDFC Bank", "account_number": ...}`, `"conta": {"bic": "ITAUBRSPXXX", ...}`; red
# team 52). The account's number and holder stay personal.
_BANK_PUBLIC_FIELDS = _BANK_CODE_KEYS | {"bank_name", "bank", "branch", "branch_name", "bank_branch", "nombre_banco",
                                         "banco", "nome_banco", "bank_country", "currency"}
# A Canadian direct deposit's `{"transit": "04821", "institution": "815", "account": ...}` (red team 41): bank codes
# only as digits (an `institution` is a university's name as often).
_BANK_CODE_DIGIT_KEYS = frozenset({"transit", "institution"})
_BANK_CODE_DIGITS = re.compile(r"\d{3,5}")
# (and beside those only an account written as digits: a chart of accounts names its accounts, `{"institution":
# "003", "transit": "00011", "account": "Operating (CAD)"}`; red team 42)
_ACCOUNT_DIGITS = re.compile(r"\d[\d -]{3,18}\d")


def identity_document_number(record: Mapping[str, Any], key: str, record_key: str | None) -> bool:
    """The number of an identity document or a licence: typed by a sibling (`{"type": "passport",
    "number": "X1234567"}`) or by the record's own name (`"drivers_license": {"number": ...}`)."""
    if normalize_key(key) not in _DOCUMENT_NUMBER_KEYS:
        return False
    system = record.get("system")
    if key == "value" and ((isinstance(system, str) and _PERSONAL_ID_SYSTEM.search(_SYSTEM_HOST.sub("", system)))
                           or _is_personal_identifier_type(record.get("type"))):
        return True
    kinds = [record.get(name) for name in _DOCUMENT_TYPE_KEYS] + [record_key]
    if any(isinstance(kind, str) and _names_identity_document(_document_kind(kind)) for kind in kinds):
        return True
    # A bank account beside its bank's code, whatever the record is called (`"nominee_bank": {"ifsc": ...,
    # "account": ...}`, `{"sort_code": ..., "number": ...}`).
    if normalize_key(key) not in _BANK_ACCOUNT_NUMBER_KEYS:
        return False
    account = record.get(key)
    in_digits = not isinstance(account, str) or _ACCOUNT_DIGITS.fullmatch(account.strip()) is not None
    return any(
        isinstance(code, str) and (normalize_key(name) in _BANK_CODE_KEYS or (
            in_digits and normalize_key(name) in _BANK_CODE_DIGIT_KEYS
            and _BANK_CODE_DIGITS.fullmatch(code) is not None))
        for name, code in record.items())


# A FHIR identifier typed by its CodeableConcept (`"type": {"text": "MRN"}`, `{"coding": [{"system":
# "http://terminology.hl7.org/CodeSystem/v2-0203", "code": "MR"}]}`): HL7 table 0203's personal numbers
# (medical record, social security, driver's licence, passport, national and health insurance, member, patient).
_PERSONAL_ID_TYPE_CODES = frozenset({"MR", "MRN", "SS", "SSN", "DL", "PPN", "NI", "NIIP", "NH", "MA", "MC", "MB",
                                     "PI", "PT", "SB", "TAX"})


def _is_personal_identifier_type(kind: Any) -> bool:
    if not isinstance(kind, dict):
        return False
    labels = [kind.get("text")]
    codings = kind.get("coding")
    if isinstance(codings, list):
        labels += [coding.get(name) for coding in codings if isinstance(coding, dict) for name in ("code", "display")]
    return any(isinstance(label, str) and (label.strip().upper() in _PERSONAL_ID_TYPE_CODES
                                           or _PERSONAL_ID_SYSTEM.search(label.replace(" ", "-")) is not None)
               for label in labels)


# A contact point typed by a sibling: FHIR's `{"system": "phone", "value": ..., "use": "mobile"}`, an ATS's
# `phone_numbers: [{"value": ..., "type": "mobile"}]`, `{"type": "email", "value": ...}`.
_CONTACT_POINT_KINDS = {
    "phone": "PHONE_NUMBER", "mobile": "PHONE_NUMBER", "cell": "PHONE_NUMBER", "home": "PHONE_NUMBER",
    "work": "PHONE_NUMBER", "fax": "PHONE_NUMBER", "sms": "PHONE_NUMBER", "landline": "PHONE_NUMBER",
    "whatsapp": "PHONE_NUMBER", "pager": "PHONE_NUMBER", "email": "EMAIL_ADDRESS",
    # Portuguese and Spanish: a Brazilian PIX key's `{"tipo": "celular", "valor": "11984732160"}`
    "celular": "PHONE_NUMBER", "telefone": "PHONE_NUMBER", "telefono": "PHONE_NUMBER", "teléfono": "PHONE_NUMBER",
    "movil": "PHONE_NUMBER", "móvil": "PHONE_NUMBER", "e-mail": "EMAIL_ADDRESS", "correo": "EMAIL_ADDRESS",
}
_CONTACT_POINT_VALUE_KEYS = frozenset({"value", "number", "address", "valor", "numero", "número"})
_CONTACT_POINT_MIN_DIGITS = 6


def contact_point_entity(record: Mapping[str, Any], key: str, value: str) -> str | None:
    """The PII type of a contact point's value by the kind its record names (see `_CONTACT_POINT_KINDS`), when
    the value reads as one: a phone number's digits, an address's `@` (`{"type": "work", "value": "Acme"}`
    is none)."""
    if key not in _CONTACT_POINT_VALUE_KEYS:
        return None
    for kind_key in ("system", "type", "tipo"):
        kind = record.get(kind_key)
        entity = _CONTACT_POINT_KINDS.get(kind.strip().lower()) if isinstance(kind, str) else None
        if entity == "EMAIL_ADDRESS" and "@" in value:
            return entity
        if entity == "PHONE_NUMBER" and sum(char.isdigit() for char in value) >= _CONTACT_POINT_MIN_DIGITS:
            return entity
    return None


# A text message's parties in an SMS or messaging API's request (`{"to": "447700900418", "from": "BritishAir",
# "text": ...}`: Vonage, Twilio's `To`/`From`, MessageBird's `recipients`): a number in E.164's digits, with or without
# its `+`, is the phone it goes to or comes from (a sender's name, `BritishAir`, is no number; red team 50).
_MESSAGE_PARTY_KEYS = frozenset({"to", "from", "recipient", "recipients", "originator", "sender", "destination"})
_MESSAGE_BODY_KEYS = frozenset({"text", "body", "message", "content", "msg"})
_E164_DIGITS = re.compile(r"\+?[1-9]\d{9,14}")


def is_message_party_number(record: Mapping[str, Any], key: str, value: str) -> bool:
    """(A possible number for its country code only: a `to`/`from` time range in epoch seconds is none.)"""
    if key.lower() not in _MESSAGE_PARTY_KEYS or _E164_DIGITS.fullmatch(value.strip()) is None \
            or not any(body.lower() in _MESSAGE_BODY_KEYS for body in record):
        return False
    import phonenumbers

    try:
        return phonenumbers.is_possible_number(phonenumbers.parse("+" + value.strip().lstrip("+")))
    except phonenumbers.NumberParseException:
        return False


# A bare `license` names a software licence as often (`"license": "MIT"`): beside a person's contact details,
# with digits, it is their driving licence (a ride-hailing driver's `{"name", "phone", "license": "D4829163"}`).
_LICENCE_KEYS = frozenset({"license", "licence", "license_no", "licence_no", "dl"})


# ... and a certificate's number beside its holder's details (a DBS check's `{"certificate_number": "001782456193",
# "surname": ..., "date_of_birth": ...}`; red team 57); a certificate of a thing has none beside it.
_CERTIFICATE_KEYS = frozenset({"certificate_number", "certificate_no", "cert_number", "cert_no"})


def licence_of_a_person(record: Mapping[str, Any], key: str, value: Any) -> bool:
    name = normalize_key(key)
    if not isinstance(value, str) or not any(c.isdigit() for c in value):
        return False
    if name in _CERTIFICATE_KEYS:
        return is_contact_record(record) or holds_personal_data(record)
    return name in _LICENCE_KEYS and is_contact_record(record)


# A key that names a phone number in one of its words (`phone_on_bvn`, `employer_phone`, `alt_mobile`,
# `msisdn_payer`) and a value written as one: a number in a national format has no `+` and may be valid in no
# default region (`08125904418`), so the text alone would not read it (red team 43). Not a key for the number's id,
# count, kind, country code, verification or time, nor a device's address.
_PHONE_KEY_WORDS = frozenset({"phone", "mobile", "msisdn", "telephone", "cellphone", "tel", "whatsapp",
                              # (other languages' words: `telefon`, `teléfono`, `cellulare`, `puhelin`, `handy`)
                              "telefon", "telefono", "teléfono", "telefone", "téléphone", "telefonnummer",
                              "telefoonnummer", "telefonu", "tlf", "puhelin", "cellulare", "celular", "movil", "móvil",
                              "mobil", "mobilní", "mobilni", "handy", "handynummer", "rufnummer", "komórka", "komorka",
                              "gsm", "portable", "mobiltelefon", "mobilnummer"})
_PHONE_KEY_NOT_ENDINGS = ("_id", "_ids", "_sid", "_count", "_type", "_hash", "_verified", "_code", "_country",
                          "_prefix", "_status", "_ext", "_extension", "_provider", "_carrier", "_brand", "_model",
                          "_ip", "_port", "_at", "_ts", "_time", "_timestamp", "_date")
_PHONE_SHAPED = re.compile(r"\+?\(?\d[\d ().-]{5,22}\d")


# Names that say what a value is but not what a record is: a driving licence's record (`"dl": {"number": ...,
# "state": "TX"}`) holds its state and class beside the number.
_VALUE_ONLY_SECRET_NAMES = frozenset({"dl"})
# Entities whose every value has a digit.
_DIGIT_ENTITIES = frozenset({"PHONE_NUMBER", "CREDIT_CARD", "US_SSN", "IBAN_CODE"})
ANY_DIGIT = re.compile(r"\d")


def phone_named_value(key: str, value: str) -> bool:
    from redactor.detection.cues import phone_after_word_ok
    from redactor.detection.validators import ip_ok

    name, number = normalize_key(key), value.strip()
    return not name.endswith(_PHONE_KEY_NOT_ENDINGS) and not _PHONE_KEY_WORDS.isdisjoint(name.split("_")) \
        and _PHONE_SHAPED.fullmatch(number) is not None and phone_after_word_ok(number) and not ip_ok(number)


# A mailbox under its own key that no address pattern reads (a data-quality check's failing values:
# `kwame.boateng@gmail,com`, `niamh.odriscoll@@eircom.net`, `jane@gmail`; round 53): still the person's.
# A well-formed address is left to the patterns, with their placeholders and public mailboxes.
_MAILBOX_SHAPED = re.compile(r"[^\s@<>\"'(){}]{1,64}@{1,2}[^\s@<>\"'(){}]{2,255}")
_WELL_FORMED_MAILBOX = re.compile(r"[^\s@]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")


def is_malformed_mailbox(key: str, value: str) -> bool:
    return "@" in value and _MAILBOX_SHAPED.fullmatch(value) is not None \
        and _WELL_FORMED_MAILBOX.fullmatch(value) is None and pii_entity_for_key(key) == "EMAIL_ADDRESS"


def _document_kind(name: str) -> str:
    return re.sub(r"[\s./-]+", "_", name.strip().lower().replace("'", "").replace("’", ""))


# Identity documents that keep their meaning under a qualifier (an I-9's `{"type": "foreign_passport", "number": ...}`,
# `us_passport`, `state_id_card`; red team 44). Not the list's generic words (`bank`, `check`, `payment`,
# `license`: a `software_license`'s number is a product key's, an `international` anything).
_QUALIFIED_IDENTITY_DOCUMENTS = ("_passport", "_passeport", "_pasaporte", "_passaporto", "_reisepass", "_id_card",
                                 "_identity_card", "_residence_permit", "_drivers_license", "_driver_license",
                                 "_drivers_licence", "_driving_licence", "_driving_license", "_national_id")


def _names_identity_document(kind: str) -> bool:
    return kind in _IDENTITY_DOCUMENTS or kind.endswith(_QUALIFIED_IDENTITY_DOCUMENTS)


# Lists of `[name, value]` pairs, as Sentry writes a request's headers, cookies, query string and
# environment (`"headers": [["Cookie", "connect.sid=..."], ["User-Agent", "..."]]`): each value is what
# a member of that name holds.
_PAIR_LIST_KEYS = frozenset({"headers", "cookies", "query_string", "query", "env", "form", "params"})
# ... and the same lists under a qualified name (httpx and proxy logs' `request_headers`, `responseHeaders`,
# `extra_headers`, a recorder's `query_params`; red team 40).
_PAIR_LIST_SUFFIX = re.compile(r"_(?:headers|cookies|query_string|params|env)$")


def _names_pair_list(parent_key: str | None) -> bool:
    if parent_key is None:
        return False
    name = normalize_key(parent_key)
    return name in _PAIR_LIST_KEYS or _PAIR_LIST_SUFFIX.search(name) is not None


def name_value_pair(parent_key: str | None, item: Any) -> tuple[str, str] | None:
    """`item` as a (name, value) pair when it is one of such a list's `[name, value]` entries."""
    if not _names_pair_list(parent_key):
        return None
    if isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], str):
        return item[0], item[1]
    return None


# Node's `IncomingMessage.rawHeaders` (and undici's, and `rawTrailers`): one flat list, a header's name then
# its value (`["Host", "api.x.com", "Cookie", "sid=..."]`; red team 40: every value was read as bare text).
_FLAT_PAIR_LIST_KEYS = frozenset({"raw_headers", "raw_trailers"})
# A command line's option naming a secret, its value the next argument (`["mysql", "--password", "..."]`,
# an MCP server's `args`, a tool's `argv`; red team 40): `--password=...` in one argument is read as text.
_SECRET_OPTION = re.compile(r"--?([A-Za-z][A-Za-z0-9_.-]{1,60})")


def flat_pair_names(parent_key: str | None, items: list[Any]) -> dict[int, str] | None:
    """For a flat `[name, value, name, value, ...]` header list: {index of each value: its name}; else None."""
    if parent_key is None or normalize_key(parent_key) not in _FLAT_PAIR_LIST_KEYS or len(items) % 2 \
            or not all(isinstance(item, str) for item in items):
        return None
    return {index + 1: items[index] for index in range(0, len(items), 2)}


def option_value_name(items: list[Any], index: int, is_secret_name: Callable[[str], bool]) -> str | None:
    """The secret's name when `items[index]` is the value of the command-line option before it
    (`--password`, `--api-key`, `-token`), else None."""
    if index == 0 or not isinstance(option := items[index - 1], str) or option[:1] != "-":
        return None
    value = items[index]
    if not isinstance(value, str) or not value or value[:1] == "-":
        return None
    return secret_option_name(option, is_secret_name)


def secret_option_name(option: str, is_secret_name: Callable[[str], bool]) -> str | None:
    """The secret's name when `option` is a command-line option naming one (`--password`: `password`), else
    None. (The gate asks it of a list item in a sealed file's raw text, before any walk.)"""
    match = _SECRET_OPTION.fullmatch(option)
    return match.group(1) if match is not None and is_secret_name(match.group(1)) else None


# What an item of a list is to a walk over a record: the engine's plan and the gate's residual walk read a
# list's items alike through `list_items` (round 41: the keyless gate read round 40's shapes as bare text,
# and a secret pasted back under a header's name in a sealed file went through).
LIST_ITEM, LIST_PAIR, LIST_NAME, LIST_NAMED = range(4)


def list_items(parent_key: str | None, items: list[Any],
               is_secret_name: Callable[[str], bool]) -> Iterator[tuple[int, Any, int, str]]:
    """(index, item, kind, name) for each string, dict and list in `items` (the other items are kept as they
    are): `LIST_PAIR`, a header, cookie or query list's `[name, value]` entry (`name`: its name, read as a dict
    key is; its value is what a member `name` holds); `LIST_NAME`, a name in a flat header list, read as a
    key is; `LIST_NAMED`, what a member `name` holds (a flat header list's value, the argument of a command
    line's secret option); else `LIST_ITEM`, a value of the list's key (`name` is empty)."""
    flat = flat_pair_names(parent_key, items)
    for index, item in enumerate(items):
        if isinstance(item, list):
            pair = name_value_pair(parent_key, item)
            yield (index, item, LIST_ITEM, "") if pair is None else (index, item, LIST_PAIR, pair[0])
        elif isinstance(item, str):
            if flat is not None and index not in flat:
                yield index, item, LIST_NAME, ""
            elif name := flat[index] if flat is not None else option_value_name(items, index, is_secret_name):
                yield index, item, LIST_NAMED, name
            else:
                yield index, item, LIST_ITEM, ""
        elif isinstance(item, dict):
            yield index, item, LIST_ITEM, ""


# Streamed model output: each event carries a few characters, so a value is often cut across
# events (`jonas.pet` + `ersen@foerde-bau.de`). Which strings are such pieces, and of which stream:
# - OpenAI chat chunks: `choices[*]` = `{"index": 0, "delta": {"content": ..., "tool_calls": [{"index":
#   0, "function": {"arguments": ...}}]}}`; Anthropic `content_block_delta` events `{"index": 1, "delta":
#   {"text" | "partial_json" | "thinking": ...}}`; Bedrock's `{"contentBlockIndex": 0, "delta": {"text"}}`;
# - OpenAI Responses events: `{"type": "response.output_text.delta", "item_id": ..., "delta": "..."}`.
_DELTA_TEXT_FIELDS = ("content", "text", "partial_json", "thinking", "reasoning_content", "reasoning", "refusal")


def stream_pieces(event: dict[str, Any]) -> list[tuple[dict[str, Any], str, tuple[str, ...]]]:
    """The text pieces of one streaming event `event` (a dict with a `delta`, a Gemini chunk's
    `candidates` or an Ollama chunk's `done`), as (container, key, stream): pieces with the same
    stream, in order, are one text. Empty when it is no such event."""
    if "delta" not in event:
        return (_langchain_pieces(event) if "event" in event else []) or _chunk_pieces(event)
    delta = event.get("delta")
    if isinstance(delta, str):
        kind = event.get("type")
        if isinstance(kind, str) and kind.endswith(".delta"):
            ids = (event.get("item_id"), event.get("output_index"), event.get("content_index"))
            return [(event, "delta", (kind, *map(str, ids)))]
        return []
    if not isinstance(delta, dict):
        return []
    index = str(event.get("index", event.get("contentBlockIndex")))
    pieces: list[tuple[dict[str, Any], str, tuple[str, ...]]] = [
        (delta, name, (index, name)) for name in _DELTA_TEXT_FIELDS if isinstance(delta.get(name), str)]
    calls = delta.get("tool_calls")
    for position, call in enumerate(calls if isinstance(calls, list) else ()):
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict) and isinstance(function.get("arguments"), str):
            pieces.append((function, "arguments", (index, "tool_calls", str(call.get("index", position)))))
    return pieces


def notebook_line_lists(value: Mapping[str, Any]) -> list[list[str]]:
    """The texts a Jupyter notebook's cell or output writes as lists of lines (`source`, a stream output's
    `text`, an execute result's `data["text/plain"]`): each is one text, a DataFrame's header in its first
    line and its rows in the next (round 53). Read joined, as a stream's pieces are."""
    if "cell_type" in value:
        candidates = [value.get("source")]
    elif "output_type" in value:
        data = value.get("data")
        candidates = [value.get("text"), *(data.get(mime) for mime in data if mime.startswith("text/"))] \
            if isinstance(data, dict) else [value.get("text")]
    else:
        return []
    return [lines for lines in candidates if isinstance(lines, list) and len(lines) > 1
            and all(isinstance(line, str) for line in lines)]


def may_be_stream_event(event: Mapping[str, Any]) -> bool:
    """The cheap test before `stream_pieces`."""
    return "delta" in event or "candidates" in event or "done" in event or "event" in event


_LANGCHAIN_STREAM_EVENTS = frozenset({"on_chat_model_stream", "on_llm_stream"})


def _langchain_pieces(event: dict[str, Any]) -> list[tuple[dict[str, Any], str, tuple[str, ...]]]:
    """LangChain's `astream_events` (v1/v2): `{"event": "on_chat_model_stream", "run_id": ..., "data": {"chunk":
    {"content": ..., "tool_call_chunks": [{"args": ..., "index": 0}]}}}`, the chunk's fields possibly under
    `kwargs` (its `dumpd` form) and its content a list of blocks (`{"type": "text", "text": ..., "index": 0}`,
    a tool call's `partial_json`)."""
    kind, data = event.get("event"), event.get("data")
    # (`event` names other things too: a calendar's `{"event": {"summary": ...}}`)
    chunk = data.get("chunk") if isinstance(kind, str) and kind in _LANGCHAIN_STREAM_EVENTS \
        and isinstance(data, dict) else None
    if isinstance(chunk, dict) and isinstance(chunk.get("kwargs"), dict):
        chunk = chunk["kwargs"]
    if not isinstance(chunk, dict):
        return []
    run = ("langchain", str(event.get("run_id")))
    pieces: list[tuple[dict[str, Any], str, tuple[str, ...]]] = []
    content = chunk.get("content", chunk.get("text"))
    if isinstance(content, str):
        pieces.append((chunk, "content" if "content" in chunk else "text", (*run, "content")))
    for position, block in enumerate(content if isinstance(content, list) else ()):
        for name in ("text", "partial_json", "thinking"):
            if isinstance(block, dict) and isinstance(block.get(name), str):
                pieces.append((block, name, (*run, "block", str(block.get("index", position)), name)))
    calls = chunk.get("tool_call_chunks")
    for position, call in enumerate(calls if isinstance(calls, list) else ()):
        if isinstance(call, dict) and isinstance(call.get("args"), str):
            pieces.append((call, "args", (*run, "tool_call", str(call.get("index", position)))))
    return pieces


def _chunk_pieces(event: dict[str, Any]) -> list[tuple[dict[str, Any], str, tuple[str, ...]]]:
    """- Gemini's `streamGenerateContent` chunks: `{"candidates": [{"content": {"parts": [{"text": ...}]},
      "index": 0}], "responseId": ...}`, each candidate's text continued by the next chunk of the response;
    - Ollama's `/api/chat` and `/api/generate` stream, one JSON object a line: `{"model": ..., "message":
      {"role": "assistant", "content": ...}, "done": false}` or `{"response": ..., "done": false}`."""
    candidates = event.get("candidates")
    if isinstance(candidates, list):
        pieces: list[tuple[dict[str, Any], str, tuple[str, ...]]] = []
        for position, candidate in enumerate(candidates):
            content = candidate.get("content") if isinstance(candidate, dict) else None
            parts = content.get("parts") if isinstance(content, dict) else None
            index = str(candidate.get("index", position)) if isinstance(candidate, dict) else str(position)
            for part in parts if isinstance(parts, list) else ():
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    thought = "thought" if part.get("thought") else "text"
                    pieces.append((part, "text", ("gemini", str(event.get("responseId")), index, thought)))
        return pieces
    if not isinstance(event.get("done"), bool) or not isinstance(event.get("model"), str):
        return []
    message = event.get("message")
    if isinstance(message, dict) and isinstance(message.get("content"), str):
        return [(message, "content", ("ollama", event["model"], "message"))]
    if isinstance(event.get("response"), str):
        return [(event, "response", ("ollama", event["model"], "response"))]
    return []


# FHIR's HumanName (`Patient.name[*]`): `{"use": "official", "family": "Chalmers", "given": ["Peter",
# "James"], "text": "Peter James Chalmers"}`. Its family, given names and text are a person's.
_HUMAN_NAME_VALUES = frozenset({"family", "given", "text"})
_HUMAN_NAME_KEYS = frozenset({"family", "given", "text", "prefix", "suffix", "use", "period", "id", "extension"})


def is_human_name(record: Mapping[str, Any], record_key: str | None) -> bool:
    """A FHIR HumanName: given or family names, or a `name` that is only a `text` (`Patient.contact.name`)."""
    if not record.keys() <= _HUMAN_NAME_KEYS:
        return False
    return isinstance(record.get("given", record.get("family")), (str, list)) or (
        record_key == "name" and isinstance(record.get("text"), str))


# A name written in its parts under a name's key (an I-9's `"name": {"first": ..., "middle": ..., "last": ...}`,
# `"legal_name": {"first", "last"}`; red team 62).
_PARTS_OF_A_NAME = frozenset({"first", "middle", "last", "given", "family", "maiden", "full", "middle_initial",
                              "initial", "prefix", "suffix", "title", "other", "preferred"})
_PERSONAL_PARTS_OF_A_NAME = frozenset({"first", "middle", "last", "maiden", "full", "middle_initial", "initial",
                                       "other", "preferred"})


def is_name_in_parts(record: Mapping[str, Any], record_key: str | None) -> bool:
    return record_key is not None and normalize_key(record_key).rpartition("_")[2] == "name" \
        and record.keys() <= _PARTS_OF_A_NAME and ("first" in record or "last" in record)


# A form field's description beside its value (Personio's `"first_name": {"label": "First name", "value": ...,
# "universal_id": "first_name"}`; red team 62): under a personal key, only the value is the person's.
_FIELD_DESCRIPTIONS = frozenset({"label", "universal_id", "key", "field", "field_name", "description", "placeholder",
                                 "title", "hint", "help_text", "format"})


def _describes_the_value(record: Mapping[str, Any], key: str) -> bool:
    return key in _FIELD_DESCRIPTIONS and "value" in record


# A smart lock's keypad authorization (Nuki's `{"name": ..., "code": 739184, "allowedFromDate": ...}`; red team
# 62): its `code` opens the door. (A bare `code` elsewhere is an error's, a country's, a product's.)
_KEYPAD_AUTHORIZATION_FIELDS = frozenset({"allowedFromDate", "allowedUntilDate", "allowedWeekDays", "allowedFromTime",
                                          "allowedUntilTime", "remoteAllowed"})


def is_keypad_authorization_code(record: Mapping[str, Any], key: str) -> bool:
    return key == "code" and not _KEYPAD_AUTHORIZATION_FIELDS.isdisjoint(record)


def is_contact_record(record: Mapping[str, Any]) -> bool:
    """A record about a person: beside its `name`, an email, phone, address or birth date (any
    spelling: Salesforce writes `Name`, `Email`, `MailingStreet`)."""
    return any(normalize_key(key) in CONTACT_FIELDS for key in record if isinstance(key, str))


# The id of a thing that is no one (`hotel_id`, `product_id`, `place_id`): beside it, the record's `name` is the
# thing's (a tool result's `{"hotel_id": ..., "name": "Memmo Alfama", "price": ...}`; red team 40: NER took a
# hotel for a person). Patterns and known values still read it.
# (Not the ids of what people belong to, a company, a workspace, a project, a store: a member's record holds
# those beside the member's name; and never beside a person's own id.)
_THING_ID_KEY = re.compile(r"(?:^|_)(?:hotel|product|item|place|venue|restaurant|listing|airline|airport|station"
                           r"|flight|route|brand|category|dataset|model|playlist|track|album|book|course|drug"
                           r"|medication|menu_item|room_type|property_type)_id$")
_PERSON_ID_KEY = re.compile(r"(?:^|_)(?:user|customer|employee|member|patient|person|contact|account|guest|client"
                            r"|passenger|traveller|traveler|student|applicant|candidate)_id$")


# An issued ticket's or pass's barcode lets its bearer in (red team 47: `{"seat": ..., "barcode": "TX9-4K7Q-..."}`,
# an order's `"barcodes": [...]`, a parking pass's): a credential. Not a product's (a GTIN, its check digit; or
# beside the product's own fields), nor a parcel's (its tracking number).
_BARCODE_KEYS = frozenset({"barcode", "barcodes", "ticket_barcode", "pass_barcode", "qr_code", "qrcode", "entry_code",
                           "admission_code", "rotating_payload", "rotating_barcode", "barcode_payload"})
# A ticket's own fields: a ticket has a `sku` too (its price type), and its barcode is still the way in (red team 56).
_TICKET_KEYS = frozenset({"ticket_id", "seat", "seat_label", "section", "row", "gate", "entrance", "admission"})
_PRODUCT_OR_PARCEL_KEYS = frozenset({"sku", "upc", "ean", "gtin", "price", "unit_price", "product", "product_id",
                                     "item_id", "tracking", "tracking_number", "carrier", "quantity", "qty",
                                     # an evidence locker's or a store room's item (`{"barcode": "EV-0091734", "desc":
                                     # "Clear baggie", "location": ...}`; red team 58)
                                     "desc", "item", "item_no", "evidence_id", "evidence_no", "asset_tag", "bin",
                                     "shelf", "weight", "condition", "category", "lot_number", "batch"})
_GTIN = re.compile(r"\d{8}|\d{12,14}")
# (one code: `UPC 0 12345 67890 5 and ...` is a sentence; a rotating ticket's payload has dots: `STX1.<43>.<22>`)
_ISSUED_CODE = re.compile(r"[A-Za-z0-9-]{8,64}|[A-Za-z0-9_-]{2,64}(?:\.[A-Za-z0-9_-]{8,128}){1,3}")


# A business's published contact points (red team 56): a Places lookup's listing (`formatted_phone_number`,
# `international_phone_number`, `formatted_address` beside its `place_id` and `business_status`), and a venue's,
# a hotel's or a store's own line under its name (`box_office_phone`, `phone_public`). What a trace's business
# publishes is no one's personal data: kept, and its digits are no phone where the trace repeats them.
_LISTING_MARKS = frozenset({"business_status", "user_ratings_total", "user_rating_count", "opening_hours",
                            "regular_opening_hours", "google_maps_uri", "rating", "price_level"})
_LISTING_CONTACT_KEYS = frozenset({"formatted_phone_number", "international_phone_number", "national_phone_number",
                                   "formatted_address", "short_formatted_address", "vicinity", "phone", "address"})
_PUBLIC_CONTACT_KEYS = frozenset({"formatted_phone_number", "international_phone_number", "box_office_phone",
                                  "venue_phone", "hotel_phone", "store_phone", "restaurant_phone", "front_desk_phone",
                                  "reception_phone", "switchboard", "switchboard_phone", "phone_public", "public_phone",
                                  "address_public", "public_address"})


# ... and a business's public registration numbers under their names (a Québec contractor's RBQ licence and NEQ;
# red team 57): a phone's shape (`5712-3489-01`) that is no one's.
_PUBLIC_REGISTRY_KEYS = frozenset({"rbq", "rbq_licence", "rbq_license", "rbq_number", "neq", "neq_number"})


def is_public_contact(record: Mapping[str, Any], key: str) -> bool:
    name = normalize_key(key)
    if name in _PUBLIC_CONTACT_KEYS or name in _PUBLIC_REGISTRY_KEYS:
        return True
    place = record.get("place_id", record.get("placeId", record.get("id")))
    if name not in _LISTING_CONTACT_KEYS or not (isinstance(place, str) and place.startswith("ChIJ")):
        return False  # (Google's place ids start so)
    return not _LISTING_MARKS.isdisjoint(normalize_key(other) for other in record if isinstance(other, str))


def is_admission_barcode(record: Mapping[str, Any], key: str, value: Any) -> bool:
    if normalize_key(key) not in _BARCODE_KEYS:
        return False
    codes = value if isinstance(value, list) else [value]
    if not codes or not all(isinstance(code, str) and _ISSUED_CODE.fullmatch(code) for code in codes):
        return False
    if _TICKET_KEYS.isdisjoint(record) and any(isinstance(name, str) and normalize_key(name) in _PRODUCT_OR_PARCEL_KEYS
                                                for name in record):
        return False
    return not any(_GTIN.fullmatch(code) and gs1_check_ok(code) for code in codes)



# What an animal's record has that a person's has not (a vet clinic's patient; red team 47).
_ANIMAL_KEYS = frozenset({"species", "breed", "microchip", "microchip_number", "microchip_id"})


def is_animal_record(record: Mapping[str, Any]) -> bool:
    return any(isinstance(key, str) and normalize_key(key) in _ANIMAL_KEYS for key in record)


def names_a_thing(record: Mapping[str, Any]) -> bool:
    keys = [normalize_key(key) for key in record if isinstance(key, str)]
    if is_animal_record(record):
        return True
    return any(_THING_ID_KEY.search(key) is not None for key in keys) \
        and not any(_PERSON_ID_KEY.search(key) is not None for key in keys)


def holds_personal_data(record: Mapping[str, Any]) -> bool:
    """A record with a personal identifier or other PII beside its `name` (`steuer_id`, `iban`, `ssn`)."""
    return any(_names_personal_data(key) for key in record if isinstance(key, str) and key.lower() != "name")


@lru_cache(maxsize=16_384)
def _names_personal_data(key: str) -> bool:
    """A key that holds a person's data: a PII type's (`ssn`, `iban`, `passport_number`) or an identity
    number's (`steuer_id`, `tax_id`, `pesel`, `aadhaar`)."""
    return pii_entity_for_key(key) not in (None, "PERSON") or bool(_PERSONAL_ID_KEY.search(normalize_key(key)))


_PERSONAL_ID_KEY = re.compile(r"(?:^|_)(?:ssn|tax_id|national_id|passport|dob)(?:_|$)")


# A person's account name or handle, under the keys the strict policy redacts (directory attributes, social
# networks). The default policy keeps handles (`_PERSON_OR_HANDLE_KEYS`: only a full name there is replaced).
_USER_NAME_KEYS = frozenset({"username", "user_name", "samaccountname", "onpremisessamaccountname", "mailnickname",
                             "mail_nickname", "screen_name", "screenname", "social_handle", "instagram_handle",
                             "twitter_handle", "tiktok_handle"})


def secret_entity_for_key(key: str) -> str:
    """The entity type a secret-named key's value is reported and tokenised as."""
    lowered = key.lower()
    pii = pii_entity_for_key(key)
    if pii is not None:
        return pii
    if not _USER_NAME_KEYS.isdisjoint(_key_spellings(key)):
        return "PERSON"  # a policy that redacts user names (strict) keeps them pseudonyms: who did what stays equal
    if "pass" in lowered or "pwd" in lowered or any(word in lowered for word in PASSWORD_WORDS):
        return "PASSWORD"
    if "token" in lowered or "authorization" in lowered or "cookie" in lowered or "bearer" in lowered:
        return "ACCESS_TOKEN"
    if "private" in lowered:
        return "PRIVATE_KEY"
    if "key" in lowered and not lowered.endswith(("code", "pin")):  # (a key safe's `key_safe_code` opens a door)
        return "API_KEY"
    return "CREDENTIAL"


# A payment transaction's fields beside its `authorization`: Shopify's `transactions[]` (`gateway`, `kind`,
# `amount`), whose authorization is the gateway's code for the charge (`ch_3Pq8...`, `53433`), an id.
_PAYMENT_TRANSACTION_KEYS = frozenset({"gateway", "payment_gateway", "amount", "kind"})


# A bare `auth` (npm's `_auth`, a `basic_auth`, a `proxy_auth`) holding a credential, not a setting: Docker's
# `config.json` (`"auths": {"<registry>": {"auth": base64 of "user:password"}}`), a `user:password`, a token
# (red team 40). (`"auth": "oauth2"`, `"none"`, `{"type": ...}` are settings; `is_secret_key` leaves the name.)
_AUTH_KEYS = frozenset({"auth", "basic_auth", "http_auth", "proxy_auth", "registry_auth"})
_AUTH_CREDENTIAL = re.compile(r"(?:(?i:basic|bearer|token) )?(?:[^\s:/@]{1,128}:(?!//)\S{1,256}"
                              # (no setting's name, words and a version: `oauth2_client_credentials`; a typed
                              # token's random part is none, `hmrc_oauth_3b9c1e7a...`: red team 46)
                              r"|(?![a-z]+\d*(?:[_-][a-z]+\d*)+$)"
                              r"(?=[A-Za-z+/_.=-]*\d)(?=[0-9+/_.=-]*[A-Za-z])[A-Za-z0-9+/_.=-]{16,})")


# A name ending in `bearer` (`CDK_API_BEARER`, `auth.bearer`; red team 41) names the scheme as often as the
# credential: an OpenAPI security scheme (`"securitySchemes": {"bearer": {"scheme": "bearer", "bearerFormat": "JWT",
# "description": ...}}`, NestJS's default), Postman's `"bearer": [{"key": "token", "value": "{{access_token}}"}]`, a
# proxy's `"bearer": "ForwardAuth middleware"` (red team 42; the scheme's dict made a `token_env` a secret and renamed
# that variable everywhere). It holds a credential only when its value, or a string in its dict or list, has a
# credential's shape; otherwise its members are read by their own names (Postman's pair names its `token`).
_BEARER_NAME = re.compile(r"(?:^|_)bearer$")


def names_bearer_setting(key: str, value: Any) -> bool:
    """Whether `key` names the bearer scheme (its settings, a description) rather than holds its credential."""
    if _BEARER_NAME.search(normalize_key(key)) is None:
        return False
    held = value.values() if isinstance(value, dict) else value if isinstance(value, list) else (value,)
    return not any(isinstance(item, str) and _AUTH_CREDENTIAL.fullmatch(item) is not None for item in held)


def may_name_secret(policy: Policy, key: str) -> bool:
    """Whether a string under `key` may be a secret (`StructureRules.member` decides, on the value and its
    record too): a secret's name, or a bare `auth` that may hold a credential. The gate's cheap question
    before it walks a sealed file (round 41: a keyless gate never walked a file whose only raw value was a
    pasted `"auth": "<credential>"`)."""
    return is_secret_name(policy, key) or normalize_key(key) in _AUTH_KEYS


def is_payment_authorization(parent: Mapping[str, Any], value: str) -> bool:
    """`value` is a payment's authorization code, not an HTTP `Authorization` credential: it sits in a
    transaction record and has no scheme (`Bearer ...`)."""
    return len(_PAYMENT_TRANSACTION_KEYS & parent.keys()) >= 2 and not any(char.isspace() for char in value)


# `Authorization: Bearer <credential>`: the scheme is protocol, the credential the secret. Replacing
# only the credential gives it the token it gets where it appears alone (a JWT in a curl line).
_AUTH_SCHEME = re.compile(
    r"(?i)(?:bearer|basic|token|bot|apikey|api-key|sso-key|oauth|ssws|dpop|splunk|geniekey|digest)[ \t]+(?=\S)"
)


def split_auth_scheme(value: str) -> tuple[str, str]:
    """("Bearer ", credential) for an authorization value with a scheme; ("", value) otherwise."""
    scheme = _AUTH_SCHEME.match(value)
    if scheme is None or any(c.isspace() for c in value[scheme.end():]):
        return "", value
    return value[:scheme.end()], value[scheme.end():]


def raw_credential(value: str, entity: str | None = None) -> tuple[str, str] | None:
    """(scheme, credential) of a secret-named key's value when the credential is a value to replace; None for
    what `redact` leaves there: nothing, a redaction token, a placeholder (`[REDACTED]`, `${TOKEN}`, `****`),
    a number masked for display under a key of `entity`'s (`XXXXXXXXXXXX4417`, see `is_masked_display`).
    The engine replaces such a credential, and the gate flags one it finds in a sealed file."""
    scheme, credential = split_auth_scheme(value)
    if not credential or is_marker(credential) or is_obvious_placeholder(credential):
        return None
    if entity in _DISPLAY_MASKED_ENTITIES and is_masked_display(credential):
        return None
    return scheme, credential


# Numbers that systems print masked, their last digits shown (a card's last four, PCI DSS 3.4 allowing its first six
# too; an account's or a phone's last digits), under a card or account key (`"CardNumber": "XXXXXXXXXXXX4417"`):
# what is left names no one, and replay compares it. (Not an SSN's: its last four are redacted wherever they stand.)
_DISPLAY_MASKED_ENTITIES = frozenset({"CREDIT_CARD", "IBAN_CODE", "PHONE_NUMBER", "ID_NUMBER"})
_DISPLAY_SEPARATORS = re.compile(r"[ .()/-]")
_MASKED_DISPLAY = re.compile(r"(?:\+\d{1,3}|[A-Z]{2}\d{2}|\d{6})?[*\u2022Xx#]{4,}\d{0,4}")


def is_masked_display(value: str) -> bool:
    """`XXXXXXXXXXXX4417`, `**** **** **** 4417`, `411111******1111`, `DE89 **** **** **** 3000`, `+44 **** ***123`."""
    return len(value) <= _MASKED_DISPLAY_MAX_LENGTH \
        and _MASKED_DISPLAY.fullmatch(_DISPLAY_SEPARATORS.sub("", value)) is not None


_MASKED_DISPLAY_MAX_LENGTH = 48


# A Cookie or Set-Cookie header held under its own key (`"headers": {"Cookie": "..."}`, OTLP's
# `http.request.header.cookie`, Sentry's `["Cookie", "..."]`): its pairs are replaced one by one, as
# in text, so the names (which replay and tests compare) and a Set-Cookie's attributes stay. A value
# that does not read as such a header is replaced whole, as any secret-named key's value is.
_COOKIE_HEADER_KEY = re.compile(r"(?:^|_)(?P<set>set_)?cookies?(?:_header)?$")
_COOKIE_NAME = r"[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}"  # an RFC 6265 cookie-name (an HTTP token)
_COOKIE_PAIR = re.compile(rf"[ \t]*(?P<name>{_COOKIE_NAME})=(?P<q>\"?)(?P<value>[^\s\";,\\]*)(?P=q)[ \t]*")
_SET_COOKIE_ATTRIBUTE = re.compile(
    r"(?i)[ \t]*(?:secure|httponly|partitioned"
    r"|(?:path|domain|expires|max-age|samesite|priority|version|comment)=[^;]*)[ \t]*"
)
# Several Set-Cookie headers folded into one value are joined with `,` (RFC 9110 section 5.3); a
# comma inside `Expires=Wed, 21 Oct 2026 ...` is followed by no pair.
_FOLDED_SET_COOKIE = re.compile(rf",(?=[ \t]*{_COOKIE_NAME}=)")
# What a site keeps in a cookie that is no credential: a word, a count, a language tag
# (`theme=dark`, `cart=3`, `lang=en-US`, `consent=true`).
_COOKIE_SETTING = re.compile(r"[A-Za-z]{1,11}|\d{1,11}|[a-z]{2,3}[-_][A-Za-z]{2,4}")


@dataclass(frozen=True)
class CookieSpan:
    """A cookie's value to replace in its header: where it is, and its type when the cookie's name
    says (`user_email=` holds an address); None for the header key's secret type."""

    start: int
    end: int
    entity: str | None


def cookie_header_spans(key: str | None, value: str) -> list[CookieSpan] | None:
    """The values to replace in a Cookie / Set-Cookie header held under `key`, or None when `key` names
    no such header or `value` does not read as one (then the value is replaced whole). Values already
    replaced (redaction tokens), placeholders and settings (`_COOKIE_SETTING`) are not listed."""
    header_key = _COOKIE_HEADER_KEY.search(normalize_key(key)) if key else None
    if header_key is None or "=" not in value:
        return None
    set_cookie = header_key.group("set") is not None
    cookies = _FOLDED_SET_COOKIE.split(value) if set_cookie else [value]
    spans: list[CookieSpan] = []
    offset = 0
    for cookie in cookies:
        segment_start = offset
        for index, segment in enumerate(cookie.split(";")):
            if index and set_cookie:
                if not _SET_COOKIE_ATTRIBUTE.fullmatch(segment):
                    return None  # (an attribute no browser knows: not read as a header)
            elif segment.strip() or not index:
                pair = _COOKIE_PAIR.fullmatch(segment)
                if pair is None:
                    return None
                span = _cookie_span(pair, segment_start)
                if span is not None:
                    spans.append(span)
            segment_start += len(segment) + 1
        offset += len(cookie) + 1
    return spans


def _cookie_span(pair: re.Match[str], offset: int) -> CookieSpan | None:
    name, cookie = pair.group("name"), pair.group("value")
    if not cookie or is_marker(cookie) or is_obvious_placeholder(cookie):
        return None
    entity = pii_entity_for_key(name)
    if entity is None and not is_secret_key(name) and _COOKIE_SETTING.fullmatch(cookie):
        return None
    return CookieSpan(offset + pair.start("value"), offset + pair.end("value"), entity)


# The values of a header that is not read pair by pair (replaced whole): each one is still a
# known value, which can appear on its own elsewhere in the trace (a note quoting the stolen
# session id).
_LOOSE_COOKIE_PAIR = re.compile(r"(?:^|;)\s*[^=;\s]+=([^;\r\n]+)")


def cookie_values(key: str | None, value: str) -> list[str]:
    """The credential-length values of a Cookie / Set-Cookie header replaced whole (one `cookie_header_spans`
    does not read pair by pair; none for any other key), to be replaced wherever else the trace holds them
    (`"session": "s%3AdaT8..."`)."""
    if key is None or "cookie" not in key.lower():
        return []
    return [v for v in (m.group(1).strip() for m in _LOOSE_COOKIE_PAIR.finditer(value))
            if len(v) >= COOKIE_CREDENTIAL_MIN_LENGTH]


# A CSV header line: two or more column names, one delimiter (a tool's file read, a query's export).
# (column names may be quoted: Python's csv.QUOTE_ALL and many exports write `"customer_id","full_name"`)
# (and a psql or markdown table's `|`-separated header, `| Name | Email |` with its outer pipes)
_CSV_NAME = r"[ \t]*\"?[A-Za-z_][\w .-]{0,40}\"?"
_CSV_HEADER = re.compile(rf"^[ \t]*(?:\|[ \t]*)?{_CSV_NAME}(?P<delimiter>[,;\t|]){_CSV_NAME}"
                         rf"(?:(?P=delimiter){_CSV_NAME})*[ \t]*\|?\r?$", re.MULTILINE)
# The rule under a psql or markdown table's header (`----+------`, `|---|:---:|`).
_TABLE_RULE = re.compile(r"[ \t|:+=-]*-[ \t|:+=-]*")
_CSV_MAX_ROWS = 10_000
_PROSE_LINE = re.compile(r"\s*(?:\d{1,3}[.)]\s|[-*•]\s)|.*[a-z][.!?]\s+[A-Z]")


# HL7 v2 messages (a hospital interface an agent reads: `PID|1||483920^^^MRN||Doe^Jane^A||19800101|F|||
# 12 Main St^^Springfield^IL^62701||(217)555-0123|...`): the fields of the segments about people, by
# position (1-based after the segment name), and what each holds.
_HL7_PERSON_FIELDS: dict[str, dict[int, str]] = {
    "PID": {3: "ID_NUMBER", 5: "PERSON", 6: "PERSON", 7: "DATE_OF_BIRTH", 9: "PERSON", 11: "STREET_ADDRESS",
            13: "PHONE_NUMBER", 14: "PHONE_NUMBER", 19: "US_SSN", 20: "ID_NUMBER"},
    "NK1": {2: "PERSON", 4: "STREET_ADDRESS", 5: "PHONE_NUMBER", 6: "PHONE_NUMBER"},
    "GT1": {3: "PERSON", 5: "STREET_ADDRESS", 6: "PHONE_NUMBER", 7: "PHONE_NUMBER", 8: "DATE_OF_BIRTH",
            12: "US_SSN"},
    "IN1": {16: "PERSON", 18: "DATE_OF_BIRTH", 19: "STREET_ADDRESS", 36: "ID_NUMBER"},
}
_HL7_SEGMENT = re.compile(r"(?:^|(?<=[\r\n]))([A-Z][A-Z0-9]{2})\|([^\r\n]*)")
# A clinician in any segment (XCN: an id, then family and given names: `1598765432^RAGHAVENDRAN^PRIYANKA`),
# the attending doctor of PV1, the ordering provider of ORC and OBR, the responsible observer of OBX.
_HL7_CLINICIAN = re.compile(r"\d{3,}\^[A-Z][A-Za-z'-]+\^[A-Z][A-Za-z'-]+(?:\^[^|~]*)?")


# A passport's machine-readable zone (ICAO 9303 TD3): `P<GBRSMITH<<JOHN<ALEXANDER<<<<<<<<<<<<<<<<<<`, then
# `5331927014GBR8502147M3107153<<<<<<<<<<<<<<08`: number and check digit, nationality, birth date and
# check digit, sex, expiry and check digit. The check digits tell an MRZ from any other line of capitals.
# (An empty personal number's check digit may be a filler, `<<<<<<<<<<<<<<<6`.)
# A visa's zone has the same shape (`V<FRAEL<AMRANI<<YASSINE<<...`), forty-four characters a line (MRV-A) or
# thirty-six (MRV-B), its last characters optional data without a check digit (red team 61). (The personal number
# and composite check digits at a passport's end are of the same characters: sixteen of them.)
_MRZ_NAME_LINE = r"[PV][A-Z<]([A-Z<]{3}([A-Z<]{39}|(?<=V.{4})[A-Z<]{31}))"
_MRZ_DATA_LINE = r"(([A-Z0-9<]{9})(\d)[A-Z<]{3}(\d{6})(\d)[MFX<]\d{6}\d(?:[A-Z0-9<]{16}|[A-Z0-9<]{8}))"
_MRZ = re.compile(_MRZ_NAME_LINE + r"(?:\s*|\\n)" + _MRZ_DATA_LINE)
# Each line on its own, a whole run of the zone's characters (a tool's `"mrz": [line1, line2]`; red team 45).
_MRZ_NAME_LINE_ALONE = re.compile(rf"(?<![A-Z0-9<]){_MRZ_NAME_LINE}(?![A-Z0-9<])")
_MRZ_DATA_LINE_ALONE = re.compile(rf"(?<![A-Z0-9<]){_MRZ_DATA_LINE}(?![A-Z0-9<])")


# An identity card's zone (TD1: three lines of 30, a US permanent resident card's, a national id card's; red team 58):
# the document's kind and state, its number and check digit, optional data (the card's number on a green card); the
# birth date and expiry with their check digits, sex and nationality; then the name. The two lines' shape and the
# check digits tell it from a line of capitals.
_TD1_FIRST_LINE_ALONE = re.compile(r"(?<![A-Z0-9<])([ACI][A-Z0-9<][A-Z<]{3}([A-Z0-9<]{9})(\d)[A-Z0-9<]{15})"
                                   r"(?![A-Z0-9<])")
_TD1 = re.compile(r"(?<![A-Z0-9<])([ACI][A-Z0-9<][A-Z<]{3}([A-Z0-9<]{9})(\d)([A-Z0-9<]{15}))(?:\s*|\\n)"
                  r"((\d{6})(\d)[MFX<](\d{6})(\d)[A-Z<]{3}[A-Z0-9<]{11}\d)"
                  r"(?:(?:\s*|\\n)([A-Z<]{30}))?(?![A-Z0-9<])")


def _mrz_check_digit(field: str) -> int:
    weights = (7, 3, 1)
    values = [int(c) if c.isdigit() else 0 if c == "<" else ord(c) - 55 for c in field]
    return sum(v * weights[i % 3] for i, v in enumerate(values)) % 10


def mrz_fields(text: str) -> Iterator[tuple[str, str]]:
    """(entity, value) of a passport MRZ: the issuing state and name field as written (`UTOERIKSSON<<ANNA`:
    the MRZ glues them, and a value is found only between non-letters), the name in prose (`Anna
    Eriksson`), the whole second line (number, nationality, birth date, expiry: one run of characters)
    and the passport number alone (as prose writes it). Both lines together, or either alone: a name line
    needs a family name and the `<<` after it, a data line its check digits."""
    for match in _MRZ.finditer(text):
        if _mrz_data_line_ok(match, 3):
            yield from _mrz_name_fields(_name_line_as_written(match), match.group(2))
            yield from _mrz_data_fields(match, 3)
    for match in _MRZ_DATA_LINE_ALONE.finditer(text):
        if _mrz_data_line_ok(match, 1):
            yield from _mrz_data_fields(match, 1)
    for match in _MRZ_NAME_LINE_ALONE.finditer(text):
        if "<<" in match.group(2).rstrip("<"):
            yield from _mrz_name_fields(_name_line_as_written(match), match.group(2))
    for match in _TD1_FIRST_LINE_ALONE.finditer(text):
        # (its first line alone, a list item as a tool returns the zone: `["IDD<<L01X00T471<<<<<<<<<<<<<<<", ...]`;
        # red team 60)
        if "<" in match.group(1) and _mrz_check_digit(match.group(2)) == int(match.group(3)):
            yield "ID_NUMBER", match.group(1)
            yield "ID_NUMBER", match.group(2).rstrip("<")
    for match in _TD1.finditer(text):
        number, number_check, optional, birth, birth_check, expiry, expiry_check = (
            match.group(group) for group in (2, 3, 4, 6, 7, 8, 9))
        if _mrz_check_digit(number) != int(number_check) and (
                _mrz_check_digit(birth) != int(birth_check) or _mrz_check_digit(expiry) != int(expiry_check)):
            continue  # (the number's check digit, or both dates': an OCR misreads one digit as often as another)
        yield "ID_NUMBER", match.group(1)
        yield "ID_NUMBER", match.group(5)
        yield "ID_NUMBER", number.rstrip("<")
        if any(char.isdigit() for char in optional):
            yield "ID_NUMBER", optional.rstrip("<")
        if match.group(10) is not None:
            yield from _mrz_name_fields(match.group(10), match.group(10))


def _name_line_as_written(match: re.Match[str]) -> str:
    """The issuing state and name of a name line, from where a value can begin: after `P<`, or from the line's start
    when the document's kind is a letter glued to them (`VCUSAMORALES<<ANA`, a US visa's)."""
    start = match.start(1) if match.group(0)[1] == "<" else match.start()
    return match.string[start:match.end(1)]


def _mrz_data_line_ok(match: re.Match[str], first: int) -> bool:
    number, number_check, birth, birth_check = (match.group(first + offset) for offset in (1, 2, 3, 4))
    return _mrz_check_digit(number) == int(number_check) and _mrz_check_digit(birth) == int(birth_check)


def _mrz_name_fields(written: str, name: str) -> Iterator[tuple[str, str]]:
    """The name field of a zone (`name`: `ERIKSSON<<ANNA`) as `written` (a passport's glued to its issuing state,
    `UTOERIKSSON<<ANNA`) and in prose."""
    family, _, given = name.rstrip("<").partition("<<")
    if family:
        yield "PERSON", written.rstrip("<")
        if given:
            yield "PERSON", _as_written_in_prose(given.replace("<", " ").strip(), family.replace("<", " "))


def _mrz_data_fields(match: re.Match[str], first: int) -> Iterator[tuple[str, str]]:
    yield "ID_NUMBER", match.group(first)
    yield "ID_NUMBER", match.group(first + 1).rstrip("<")


# A SWIFT MT103's parties: `:50K:` the ordering customer, `:59:` the beneficiary; an account line
# (`/GB29NWBK60161331926819`), then the name and up to three address lines (`:50F:`/`:59F:` number them:
# `1/NAME`, `2/ADDRESS`, `3/GB/LONDON`). The field ends at the next `:tag:`.
_SWIFT_PARTY = re.compile(r"(?:^|(?<=\n)):(?:50[AFK]|59[AF]?):([^\n]*(?:\n(?!:\w{2,3}:)[^\n]*){0,4})")
_SWIFT_LINE_NUMBER = re.compile(r"[1-8]/")
_IBAN_SHAPE = re.compile(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}$")


def swift_fields(text: str) -> Iterator[tuple[str, str]]:
    """(entity, value) of an MT103's ordering customer and beneficiary: account, name, address lines."""
    for match in _SWIFT_PARTY.finditer(text):
        lines = [line.strip() for line in match.group(1).split("\n") if line.strip()]
        if lines and lines[0].startswith("/"):
            account = lines.pop(0)[1:]
            yield ("IBAN_CODE" if _IBAN_SHAPE.match(account) else "ID_NUMBER"), account
        for index, line in enumerate(lines):
            numbered = _SWIFT_LINE_NUMBER.match(line)
            value = line[numbered.end():] if numbered else line
            if len(value) < 3:
                continue
            if index == 0:
                # `OLUWASEUN ADEBAYO-CLARKE` is the capitals of the `Oluwaseun Adebayo-Clarke` a note writes:
                # one value, whose capitals are one of its written forms (one token for both)
                yield "PERSON", _in_prose_case(value)
            else:
                yield "STREET_ADDRESS", value


# ANSI X12 health-care transactions (a 270/271 eligibility check, an 837 claim, an 834 enrolment an agent
# reads): `NM1*IL*1*HARTLEY*ELEANOR*M***MI*W123456789~`, `N3*12 BIRCH LANE~`, `N4*PORTLAND*OR*97201~`,
# `DMG*D8*19810312*F~`, `REF*SY*123456789~`. Elements are split by the character after `ISA` (`*` when the
# text holds no interchange header), segments end at `~` or a line end.
_X12_SEGMENT_END = re.compile(r"~\s*|\r?\n|\\n")
_X12_NAME_SEGMENT = re.compile(r"(?:^|~|\n|\\n)\s*NM1([*|^:])\w{2,3}\1[12]\1")
_X12_HEADER = re.compile(r"(?:^|~|\n|\\n)\s*ISA([^\w\s])")
_X12_PERSON = "1"  # NM102: a person (2 is an organisation)
# REF qualifiers of a person's numbers: SSN, subscriber, member, family unit, case, identity card, Medicare.
_X12_PERSONAL_REFERENCES = {"SY": "US_SSN", "0F": "ID_NUMBER", "1W": "ID_NUMBER", "49": "ID_NUMBER",
                            "3H": "ID_NUMBER", "HJ": "ID_NUMBER", "F6": "ID_NUMBER", "1L": "ID_NUMBER"}
# NM108 qualifiers of a person's own number: member id, SSN, insured's unique id, HIC (Medicare).
_X12_PERSONAL_IDS = {"MI": "ID_NUMBER", "34": "US_SSN", "II": "ID_NUMBER", "ZZ": "ID_NUMBER"}


def x12_fields(text: str) -> Iterator[tuple[str, str]]:
    """(entity, value) of a person's fields in X12 segments: NM1 names (each part as written, and the
    name as a note writes it) and ids, N3 address lines, N4 city/state/postcode, DMG birth date, REF ids."""
    header = _X12_HEADER.search(text)  # (a segment's start: not the `ISA` of `VISA ending 4242`)
    separator = header.group(1) if header is not None else "*"
    person_before = False  # N3/N4/DMG/REF after a person's NM1 are that person's
    for segment in _X12_SEGMENT_END.split(text):
        elements = segment.strip().split(separator)
        tag, values = elements[0], elements[1:] + [""] * 10
        if tag == "NM1":
            person_before = values[1] == _X12_PERSON
            if not person_before:
                continue
            family, given, middle = values[2], values[3], values[4]
            for part in (family, given, middle):
                if len(part) >= 2:
                    yield "PERSON", part
            if family and given:
                yield "PERSON", _as_written_in_prose(given, family)
            if values[7] in _X12_PERSONAL_IDS and len(values[8]) >= 3:
                yield _X12_PERSONAL_IDS[values[7]], values[8]
        elif not person_before:
            continue
        elif tag == "N3":
            yield from (("STREET_ADDRESS", line) for line in values[:2] if len(line) >= 3)
        elif tag == "N4" and values[0]:
            yield "LOCATION", separator.join(value for value in values[:3] if value)
        elif tag == "DMG" and values[0] == "D8" and len(values[1]) == 8:
            yield "DATE_OF_BIRTH", values[1]
        elif tag == "REF" and values[0] in _X12_PERSONAL_REFERENCES and len(values[1]) >= 3:
            yield _X12_PERSONAL_REFERENCES[values[0]], values[1]


# An XML document's simple elements whose names are keys of personal data (`<NINO>JT482193C</NINO>`,
# `<BirthDate>1991-05-07</BirthDate>`, `<Nm>Anouk de Vries</Nm>`, an HMRC or ISO 20022 message a tool
# returns): the element's text is what the key's value would be.
# (a namespace's prefix too: a SOAP body's `<cb:DateOfBirth>`; red team 47)
_XML_ELEMENT = re.compile(r"<(?P<tag>[A-Za-z][\w.-]{0,40}(?::[A-Za-z][\w.-]{0,40})?)(?:[ \t][^<>]{0,200})?>"
                          r"(?P<text>[^<>]{1,200})</(?P=tag)>")


# HMRC's RTI and GovTalk messages name a person's parts `Fore` and `Sur` (`<Name><Fore>Eilidh</Fore>`).
_XML_NAME_PARTS = frozenset({"Fore", "Sur"})


# ... and its attributes so named (`<Customer BirthDate="1986-02-11" Email="...">`).
_XML_ATTRIBUTE = re.compile(
    r"[ \t\r\n](?P<name>[A-Za-z][\w.-]{0,40})=(?P<quote>[\"'])(?P<value>[^\"'<>]{1,200})(?P=quote)")


# An HTML form's input as a browser agent's DOM snapshot holds it, filled in (`<input name="ssnLast4"
# type="password" value="4417">`): the value is what its `name` (or `id`) says, and a password field's a password.
_HTML_INPUT = re.compile(r"<input\b[^<>]{0,400}>", re.IGNORECASE)


def xml_fields(text: str) -> Iterator[tuple[str, str]]:
    """(entity, value) of the personal-data elements and attributes of an XML text, and of an HTML form's
    filled-in inputs."""
    if "=" in text:
        for match in _XML_ATTRIBUTE.finditer(text):
            name, value = match.group("name").rpartition(":")[2], match.group("value").strip()
            entity = _xml_value_entity(name, value)
            if entity is not None:
                yield entity, value
        if "<input" in text or "<INPUT" in text:  # (HTML has no `/>` to say so)
            yield from _filled_inputs(text)
    for match in _XML_ELEMENT.finditer(text):
        tag, value = match.group("tag").rpartition(":")[2], match.group("text").strip()
        entity = "PERSON" if tag in _XML_NAME_PARTS and _is_xml_value(value) else _xml_value_entity(tag, value)
        if entity is None and normalize_key(tag) in _PERSON_OR_HANDLE_KEYS and _is_xml_value(value) \
                and _reads_as_full_name(value):
            entity = "PERSON"
        if entity is not None:
            yield entity, value
    if "<string name=" in text and "<map>" in text:  # (an app's string resources, `<resources>`, are UI text)
        yield from _preference_entries(text)
    if "<ItemData" in text:
        for match in _ODM_ITEM.finditer(text):
            attributes = dict(_ODM_ATTRIBUTE.findall(match.group(0)))
            item, value = attributes.get("ItemOID", "").rpartition(".")[2], attributes.get("Value", "").strip()
            entity = _xml_value_entity(item, value) if item and value else None
            if entity is not None:
                yield entity, value
    if "</th>" in text or "</TH>" in text:
        for match in _HTML_LABELLED_CELL.finditer(text):
            value = match.group("value").strip()
            entity = _xml_value_entity(match.group("label").strip().rstrip(":"), value)
            if entity is not None:
                yield entity, value
    if "<Method>clear</Method>" in text:
        yield from (("PASSWORD", m.group("text")) for m in _GOVTALK_CLEAR_PASSWORD.finditer(text))


# A CDISC ODM item (Medidata Rave's and every EDC's export: `<ItemData ItemOID="DM.BRTHDAT" Value="09 FEB 1957"/>`;
# red team 59): the item's name, after the form's, is the value's key.
_ODM_ITEM = re.compile(r"<ItemData\b[^<>]{0,600}>")
_ODM_ATTRIBUTE = re.compile(r'\b(ItemOID|Value)="([^"<>]{0,200})"')
# An HTML table's row of a label and its value (a wiki page's or a CRM's export: `<tr><th>PPSN</th><td>7193846MA</td>`;
# red team 59): the label is the value's key.
_HTML_LABELLED_CELL = re.compile(r"(?i:<th(?:\s[^<>]{0,80})?>)(?P<label>[^<>]{1,60})(?i:</th>)\s*"
                                 r"(?i:<td(?:\s[^<>]{0,80})?>)(?P<value>[^<>]{1,200})(?i:</td>)")


# Android's SharedPreferences file (`<map><string name="user.birthdate">...</string>`, in a device dump an agent
# reads): each entry's name is the key of its value. (Secret-named entries are the `_named_field` rules'.)
_PREFERENCE_ENTRY = re.compile(r'<string name="(?P<name>[^"<>]{1,128})">(?P<text>[^<>]{1,200})</string>')
# HMRC's GovTalk envelope sends the Government Gateway password in clear (`<Authentication><Method>clear</Method>
# <Role>principal</Role><Value>...</Value>`; red team 54).
_GOVTALK_CLEAR_PASSWORD = re.compile(r"<Method>clear</Method>\s*(?:<Role>[^<>]{0,64}</Role>\s*)?"
                                     r"<Value>(?P<text>[^<>\s]{1,200})</Value>")


def _preference_entries(text: str) -> Iterator[tuple[str, str]]:
    for entry in _PREFERENCE_ENTRY.finditer(text):
        value = entry.group("text").strip()
        entity = _xml_value_entity(entry.group("name"), value)
        if entity is not None:
            yield entity, value


def _filled_inputs(text: str) -> Iterator[tuple[str, str]]:
    for tag in _HTML_INPUT.finditer(text):
        attributes = {m.group("name").lower(): m.group("value").strip() for m in _XML_ATTRIBUTE.finditer(tag.group(0))}
        value = attributes.get("value", "")
        if not _is_xml_value(value):
            continue
        if attributes.get("type", "").lower() == "password":
            yield "PASSWORD", value
            continue
        entity = next((found for field in (attributes.get("name"), attributes.get("id"))
                       if field and (found := _xml_value_entity(field, value)) is not None), None)
        if entity is not None:
            yield entity, value


def _is_xml_value(value: str) -> bool:
    """Not empty, an entity reference or a template's placeholder."""
    return bool(value) and not value.startswith("&") and "{" not in value


def _xml_value_entity(name: str, value: str) -> str | None:
    """The PII type of an element's or attribute's value by its name. Not a bare `name`: a project's, a
    step's, a setting's (`<name>Apache Commons Lang</name>` in a pom.xml); a bare `address` only when it reads
    as a postal one (a WCF `<endpoint address="http://...">`, `<server address="10.0.0.5"/>` are machines')."""
    key = normalize_key(name)
    if not _is_xml_value(value) or key == "name" or (key in _ADDRESS_KEYS and not reads_as_postal_address(value)):
        return None
    return pii_entity_for_key(name)


def _caret_name_in_prose(name: str) -> str | None:
    """`Jane Doe` for a name written family^given^middle (HL7's XPN, DICOM's PN: `DOE^JANE^A`), else None."""
    parts = name.split("^")
    return _as_written_in_prose(parts[1], parts[0]) if len(parts) > 1 and parts[0] and parts[1] else None


def _as_written_in_prose(given: str, family: str) -> str:
    """`Jane Doe` for HL7's `DOE^JANE`."""
    return _in_prose_case(f"{given} {family}")


def _in_prose_case(name: str) -> str:
    """Messages often write names in capitals, notes do not: `Jane Doe` for `JANE DOE` (the capitals are
    one of the name's written forms, see `engine.written_forms`, so both get one token)."""
    return name.title() if name.isupper() else name


# DICOM's attributes about people (PS3.15 Annex E, the basic de-identification profile), by tag: as dcmdump, findscu
# and pydicom print them (`(0010,0010) PN [DOE^JANE]`, `(0010, 0030) Patient's Birth Date   DA: '19840312'`), and as
# keys (DICOM JSON's `"00100010": {"vr": "PN", ...}`, `"(0010,0020) PatientID"`). Red team 55.
DICOM_PERSON_TAGS = {
    "0010,0010": "PERSON", "0010,0020": "ID_NUMBER", "0010,0030": "DATE_OF_BIRTH", "0010,1000": "ID_NUMBER",
    "0010,1001": "PERSON", "0010,1005": "PERSON", "0010,1060": "PERSON", "0010,1040": "STREET_ADDRESS",
    "0010,2154": "PHONE_NUMBER", "0008,0050": "ID_NUMBER", "0008,0090": "PERSON", "0008,1048": "PERSON",
    "0008,1050": "PERSON", "0008,1060": "PERSON", "0008,1070": "PERSON", "0032,1032": "PERSON", "0040,0006": "PERSON",
    "0040,A123": "PERSON",
}
_DICOM_ELEMENT = re.compile(r"\((?P<group>[0-9A-Fa-f]{4}), ?(?P<element>[0-9A-Fa-f]{4})\)[^\n\[\]]{0,80}?"
                            r"(?:\b[A-Z]{2} \[(?P<bracketed>[^\]\n]{1,200})\]|\b[A-Z]{2}: '(?P<quoted>[^'\n]{1,200})')")
_DICOM_TAG_KEY = re.compile(r"\(?([0-9A-Fa-f]{4}),? ?([0-9A-Fa-f]{4})\)?(?:[ \t]+[A-Za-z]{2,64})?")


def dicom_tag_entity(key: str) -> str | None:
    """The PII type of a DICOM attribute named by its tag (`00100010`, `(0010,0030)`, `(0010,0020) PatientID`)."""
    tag = _DICOM_TAG_KEY.fullmatch(key)
    return _dicom_tag_entity(tag.group(1), tag.group(2)) if tag is not None else None


def _dicom_tag_entity(group: str, element: str) -> str | None:
    return DICOM_PERSON_TAGS.get(f"{group},{element}".upper())  # (hex digits in either case: `(0020,000d)`)


def dicom_fields(text: str) -> Iterator[tuple[str, str]]:
    for element in _DICOM_ELEMENT.finditer(text):
        entity = _dicom_tag_entity(element.group("group"), element.group("element"))
        value = (element.group("bracketed") or element.group("quoted") or "").strip()
        if entity is None or len(value) < 3:
            continue
        yield entity, value
        if entity == "PERSON" and (prose := _caret_name_in_prose(value)) is not None:
            yield entity, prose


# France's DSN (the monthly payroll declaration an HR agent builds or reads): one `S21.G00.30.<rubrique>,'<value>'`
# line per field of an employee's `Individu` block, by number (cahier technique DSN, bloc 30; red team 54).
_DSN_INDIVIDU_FIELDS = {"001": "ID_NUMBER", "002": "PERSON", "003": "PERSON", "004": "PERSON", "006": "DATE_OF_BIRTH",
                        "007": "LOCATION", "008": "STREET_ADDRESS", "018": "EMAIL_ADDRESS", "020": "ID_NUMBER"}
_DSN_LINE = re.compile(r"^S21\.G00\.30\.(?P<field>\d{3}),'(?P<value>[^'\r\n]{2,200})'", re.MULTILINE)


def dsn_fields(text: str) -> Iterator[tuple[str, str]]:
    for line in _DSN_LINE.finditer(text):
        entity = _DSN_INDIVIDU_FIELDS.get(line.group("field"))
        if entity is not None:
            yield entity, line.group("value")


# A US or Canadian driving licence's barcode as a scanner decodes it (AAMVA DL/ID card design standard, red team 62):
# `ANSI 636014...DLDAQD4827193`, then one element a line, a three-letter id and its value (`DCSQUINTERO-HAYNES`,
# `DBB03141987`). The first element is glued to its subfile's type (`DL`, `ID`) after the header's digits.
_AAMVA_FIELDS = {"DAQ": "ID_NUMBER", "DCS": "PERSON", "DAB": "PERSON", "DAC": "PERSON", "DCT": "PERSON",
                 "DAD": "PERSON", "DAA": "PERSON", "DBB": "DATE_OF_BIRTH", "DAG": "STREET_ADDRESS",
                 "DAH": "STREET_ADDRESS", "DAI": "LOCATION", "DAK": "STREET_ADDRESS", "DCF": "ID_NUMBER",
                 "DCK": "ID_NUMBER", "DBN": "PERSON", "DBG": "PERSON", "DBS": "PERSON"}
_AAMVA_ELEMENT = re.compile(r"(?:(?<=[\n\r])|(?<=\d)(?:DL|ID))(?P<code>D[A-Z]{2})(?P<value>[^\n\r]{1,80}?)[ \t]*"
                            r"(?=[\n\r]|$)")
_AAMVA_HEADER = re.compile(r"ANSI ?\d{6}")
_AAMVA_EMPTY = frozenset({"NONE", "UNAVL", "UNAVAIL", "N/A"})


def aamva_fields(text: str) -> Iterator[tuple[str, str]]:
    """(entity, value) of a licence barcode's personal elements: each element as written (its id glued to its value,
    and the subfile's type to the first), and its value alone, as prose elsewhere writes it."""
    if _AAMVA_HEADER.search(text) is None:
        return
    for element in _AAMVA_ELEMENT.finditer(text):
        entity = _AAMVA_FIELDS.get(element.group("code"))
        value = element.group("value").strip()
        if entity is None or len(value) < 2 or value.upper() in _AAMVA_EMPTY:
            continue
        start = element.start()
        while start and not text[start - 1].isspace() and text[start - 1].isprintable():
            start -= 1  # (the first element, glued to the header's digits: the run from the header's last blank)
        yield entity, text[start:element.end("value")].rstrip()
        if len(value) >= 3:
            yield entity, value


# A BACS Standard 18 payment record (a UK payroll's bank file, red team 62): the payee's sort code and account glued
# to the transaction code and the payer's, then the amount, the payer's name, the reference and the payee's name,
# eighteen characters each.
_BACS_RECORD = re.compile(r"^(?P<accounts>\d{6}(?P<account>\d{8})\d(?:\d{2}|Z[1-5])\d{6}\d{8})[ \w]{4}\d{11}"
                          r"[^\n\r]{18}[^\n\r]{18}(?P<name>[^\n\r]{1,18})", re.MULTILINE)


def bacs_fields(text: str) -> Iterator[tuple[str, str]]:
    for record in _BACS_RECORD.finditer(text):
        yield "ID_NUMBER", record.group("accounts")
        yield "ID_NUMBER", record.group("account")
        if len(name := record.group("name").strip()) >= 3:
            yield "PERSON", name


def message_fields(text: str) -> Iterator[tuple[str, str]]:
    """(entity, value) of the personal fields of the message formats a text may hold: HL7 v2, a
    passport's MRZ, a SWIFT MT103, X12, XML. Each is looked for only where its marks are (most texts have
    none)."""
    if "|" in text and ("MSH|" in text or "PID|" in text):
        yield from hl7_fields(text)
    if "<<" in text:
        yield from mrz_fields(text)
    if ":59" in text or ":50" in text:
        yield from swift_fields(text)
    if "NM1" in text and _X12_NAME_SEGMENT.search(text):
        yield from x12_fields(text)
    if "</" in text or "/>" in text or "<input" in text or "<INPUT" in text:
        yield from xml_fields(text)
    if "S21.G00.30." in text:
        yield from dsn_fields(text)
    if "ANSI" in text and "DAQ" in text:
        yield from aamva_fields(text)
    if len(text) >= 100 and (text[:1].isdigit() or "\n" in text):
        yield from bacs_fields(text)
    if "(00" in text or "(08" in text:
        yield from dicom_fields(text)


def hl7_fields(text: str) -> Iterator[tuple[str, str]]:
    """(entity, value) of the personal fields of an HL7 v2 message's PID, NK1, GT1 and IN1 segments.
    A value is a field's repetition as written (`Doe^Jane^A`), which is how the message repeats it;
    an identifier list's first component is the identifier itself (`483920` of `483920^^^MRN`)."""
    for match in _HL7_SEGMENT.finditer(text):
        fields = match.group(2).split("|")
        for field in fields:
            for repetition in field.split("~"):
                if _HL7_CLINICIAN.fullmatch(repetition):
                    # (the name, not the clinician's id before it: an NPI is a public registry's; red team 47)
                    parts = repetition.split("^")
                    yield "PERSON", f"{parts[1]}^{parts[2]}"
                    yield "PERSON", _as_written_in_prose(parts[2], parts[1])
        for position, entity in _HL7_PERSON_FIELDS.get(match.group(1), {}).items():
            if position > len(fields):
                continue
            for repetition in fields[position - 1].split("~"):
                value = repetition.split("^", 1)[0] if entity == "ID_NUMBER" else repetition
                if value.strip("^ ") and len(value) >= 3:
                    yield entity, value
                if entity == "PERSON" and (prose := _caret_name_in_prose(repetition)) is not None:
                    yield entity, prose  # `Doe^Jane` is a note's Jane Doe


def csv_tables(text: str) -> Iterator[tuple[list[str], list[list[str]]]]:
    """CSV tables inside a text: (column names, rows), for a header line followed by rows with as many
    fields. A `full_name` or `dob` column's cells are what a `full_name` or `dob` key's values are."""
    import csv
    import io

    table_end = 0
    for header in _CSV_HEADER.finditer(text):
        if header.start() < table_end:
            continue  # a row of the table just read (rows of words look like headers)
        delimiter = header.group("delimiter")
        header_text = header.group(0).strip()
        if delimiter == "|":
            header_text = header_text.strip("|")
        columns = [name.strip().strip('"') for name in header_text.split(delimiter)]
        body: list[str] = []
        body_ends: list[int] = []  # where each line of `body` ends in `text`
        position = header.end() + 1
        while position < len(text) and len(body) < _CSV_MAX_ROWS:
            line_end = text.find("\n", position)
            line_end = len(text) if line_end == -1 else line_end
            line = text[position:line_end].rstrip("\r")
            if not line.strip() or _PROSE_LINE.match(line):
                break  # the table ends at a blank line or where a list or sentences start
            if not (delimiter == "|" and _TABLE_RULE.fullmatch(line)):
                body.append(line.strip().strip("|") if delimiter == "|" else line)
                body_ends.append(line_end)
            position = line_end + 1
        rows: list[list[str]] = []
        reader = csv.reader(io.StringIO("\n".join(body)), delimiter=delimiter)
        with contextlib.suppress(csv.Error):  # a lone `\r` inside a row (`Doe.\n\r I live`): no table
            for row in reader:
                if len(row) != len(columns):
                    break
                rows.append(row)
                table_end = body_ends[min(reader.line_num, len(body_ends)) - 1]
        # (the table ends with its last row: a second table under its own header may follow, as a spreadsheet's
        # next sheet does after `---- sheet 2 ----`; red team 56)
        if rows:
            yield columns, rows


# A pandas DataFrame as `print(df)`, `df.head()` and a notebook's `text/plain` show it (round 53): a header of column
# names, each right-aligned over its column, then one row a line after the row's index label. A cell ends where its
# column's name ends; a cell may hold blanks (`Kwabena Asante-Holloway`), so columns are read by position.
_FRAME_HEADER = re.compile(r"^(?P<indent>[ \t]+)[A-Za-z_][\w.]{0,40}(?:[ ]{2,}[A-Za-z_][\w.]{0,40})+[ \t]*\r?$",
                           re.MULTILINE)
_FRAME_COLUMN = re.compile(r"[A-Za-z_][\w.]{0,40}")
_FRAME_INDEX = re.compile(r"\S+")
_FRAME_FOOTER = re.compile(r"\[\d+ rows x \d+ columns\]")


def frame_tables(text: str) -> Iterator[tuple[list[str], list[list[str]]]]:
    """The tables of pandas DataFrame reprs in a text: (column names, rows)."""
    for header in _FRAME_HEADER.finditer(text):
        line = header.group(0).rstrip("\r")
        names = list(_FRAME_COLUMN.finditer(line))
        rows: list[list[str]] = []
        for written_row in text[header.end() + 1:].split("\n", _CSV_MAX_ROWS)[:_CSV_MAX_ROWS]:
            row = written_row.rstrip("\r")
            index = _FRAME_INDEX.match(row)
            if index is None or _FRAME_FOOTER.fullmatch(row) or index.end() >= names[0].start():
                break  # a blank line, the footer, or no index label before the first column
            cells, start = [], index.end()
            for name in names:
                if len(row) < name.end() or (name.end() < len(row) and row[name.end()] != " ") \
                        or row[name.end() - 1] == " ":
                    break  # no cell ends under this column's name: not this table's row
                cells.append(row[start:name.end()].strip())
                start = name.end()
            if len(cells) != len(names) or row[start:].strip():
                break
            rows.append(cells)
        if rows:
            yield [name.group(0) for name in names], rows


# A SQL dump's rows (red team 46): `INSERT INTO users (name, phone, dob) VALUES ('Ana Ruiz', '+34 ...', '1987-09-14'),
# (...);` and `pg_dump`'s `COPY public.customers (id, name, phone, dob) FROM stdin;` then one tab-separated row a
# line up to `\.`. A `dob` column's cells are what a `dob` key's values are.
_SQL_INSERT = re.compile(r"(?i:\binsert[ \t]+into)[ \t]+[\w.\"`\[\]]+[ \t]*\(([^()]{1,2000})\)"
                         r"[ \t\r\n]*(?i:values)[ \t\r\n]*")
_SQL_COPY = re.compile(r"(?i:\bcopy)[ \t]+[\w.\"]+[ \t]*\(([^()]{1,2000})\)[ \t]+(?i:from[ \t]+stdin)[^\n]*\n")
# One value of a VALUES tuple: a quoted string (`''` inside it is a quote), or a bare word or number (NULL, 42).
_SQL_VALUE = re.compile(r"[ \t\r\n]*(?:'((?:[^']|'')*)'|([^,()'\s]+))[ \t\r\n]*")
_SQL_ROW_SEPARATOR = re.compile(r"[ \t\r\n]*,[ \t\r\n]*")
_SQL_MAX_ROWS = 500


# A query's conditions on a column (`WHERE g.doc_number IN ('YA8862140','CA48213KX')`, `AND email = '...'`; red team
# 56): the quoted literals are values of that column, as a row's cells are.
_SQL_PREDICATE = re.compile(r"(?i)(?<![\w.])(?:[\w\"`\[\]]{1,64}\.)?[\"`\[]?(?P<column>[A-Za-z_]\w{0,63})[\"`\]]?[ \t]*"
                            r"(?:=|<>|!=|\bLIKE\b|\bIN\b)[ \t]*(?P<values>'(?:[^'\\\n]|'')*'"
                            r"|\([ \t]*'(?:[^)'\n]|'')*'(?:[ \t]*,[ \t]*'(?:[^)'\n]|'')*'){0,200}[ \t]*\))")
_SQL_STRING = re.compile(r"'((?:[^'\n]|'')*)'")


def sql_tables(text: str) -> Iterator[tuple[list[str], list[list[str]]]]:
    """(column names, rows) of a text's SQL INSERT statements and COPY blocks (see `_SQL_INSERT`), and a query's
    conditions on a column as one-column rows (see `_SQL_PREDICATE`)."""
    if "WHERE" in text or "where" in text:
        for predicate in _SQL_PREDICATE.finditer(text):
            values = [literal for literal in _SQL_STRING.findall(predicate.group("values")) if literal]
            if values:
                yield [predicate.group("column")], [[value] for value in values]
    if "INSERT" in text or "insert" in text:
        for statement in _SQL_INSERT.finditer(text):
            columns = [name.strip().strip('"`[]') for name in statement.group(1).split(",")]
            tuples = list(_sql_value_rows(text, statement.end(), len(columns)))
            if tuples:
                yield columns, tuples
    if "COPY" in text or "copy" in text:
        for block in _SQL_COPY.finditer(text):
            columns = [name.strip().strip('"') for name in block.group(1).split(",")]
            rows: list[list[str]] = []
            for line in text[block.end():].split("\n", _SQL_MAX_ROWS)[:_SQL_MAX_ROWS]:
                if line.rstrip("\r") == "\\.":
                    break
                cells = line.rstrip("\r").split("\t")
                if len(cells) != len(columns):
                    break
                rows.append(["" if cell == "\\N" else cell for cell in cells])
            if rows:
                yield columns, rows


def _sql_value_rows(text: str, position: int, width: int) -> Iterator[list[str]]:
    """The tuples of a VALUES list from `position`: `(v, ...)`, separated by commas, up to its `;` or anything else."""
    for _ in range(_SQL_MAX_ROWS):
        if not text.startswith("(", position):
            return
        position += 1
        row: list[str] = []
        while True:
            value = _SQL_VALUE.match(text, position)
            if value is None:
                return
            quoted, bare = value.group(1), value.group(2)
            row.append(quoted.replace("\'\'", "\'") if quoted is not None else bare)
            position = value.end()
            if text.startswith(",", position):
                position += 1
                continue
            if text.startswith(")", position):
                position += 1
                break
            return
        if len(row) != width:
            return
        yield row
        separator = _SQL_ROW_SEPARATOR.match(text, position)
        if separator is None:
            return
        position = separator.end()


# A query string's or a form body's `key=value` pairs (`?email=...&full_name=Kwame+Mensah`).
_FORM_PAIR = re.compile(r"(?:^|(?<=[?&;]))([A-Za-z_][\w.\[\]-]{0,60})=([^&;#\s\"'<>]+)")


# A log line's quoted `key="value"` pair (logfmt, structlog's key-value renderer).
_QUOTED_PAIR = re.compile(r"(?:^|(?<=[\s,;(]))([A-Za-z_][\w.-]{0,60})=\"([^\"\\\r\n]{1,200})\"")


# ... and a JSON member inside a text that is no JSON document (a log line's frame: `<- CP-44 [2, "st-1",
# "StartTransaction", {"connectorId": 1, "idTag": "B9EF3ECE"}]`; red team 55), its quotes JSON-escaped or not.
_JSON_MEMBER_IN_TEXT = re.compile(r"(?:^|(?<=[{,\s]))(\\?\")([A-Za-z_][\w.-]{0,60})\1[ \t]*:[ \t]*\1"
                                  r"([^\"\\\r\n]{1,200})\1")


def may_hold_json_members(text: str) -> bool:
    """The cheap test in front of `json_members_in_text`, for every text of a trace."""
    return '": "' in text or '\\": \\"' in text


def json_members_in_text(text: str) -> Iterator[tuple[str, str]]:
    """(key, value) of the JSON members written inside a text that is no JSON document."""
    for match in _JSON_MEMBER_IN_TEXT.finditer(text):
        yield match.group(2), match.group(3)


def form_fields(text: str) -> Iterator[tuple[str, str, str]]:
    """(key, value as written, value decoded) of a query string's or a form body's pairs, and of a log
    line's quoted pairs. A `full_name=` or `dob=` there holds what a `full_name` or `dob` key holds;
    so does `customer="Siobhan McAllister"` in a log line."""
    from urllib.parse import unquote_plus

    if "&" in text or "?" in text:
        for match in _FORM_PAIR.finditer(text):
            name = match.group(1).rsplit("[", 1)[-1].rstrip("]") or match.group(1)  # `billing[name]` -> name
            raw = match.group(2)
            yield name, raw, unquote_plus(raw)
    if '="' in text:
        for match in _QUOTED_PAIR.finditer(text):
            yield match.group(1), match.group(2), match.group(2)


_NOT_ATOMIC = re.compile(r"\s|@|://")


_OTLP_SCALAR_TYPES = frozenset({"stringValue", "intValue", "doubleValue", "boolValue"})
_OTLP_VALUE_WRAPPERS = frozenset({"stringValue", "arrayValue", "values"})


def _is_atomic_value(value: Any) -> bool:
    """What a structural key keeps as it is: a number, a boolean, null, or a string of one token in no vendor's
    token format, plain or typed as OTLP writes it (`{"stringValue": "call_8a1"}`, `{"intValue": "3"}`)."""
    if isinstance(value, dict):
        if len(value) != 1 or not _OTLP_SCALAR_TYPES.issuperset(value):
            return False
        value = next(iter(value.values()))
    if isinstance(value, str):
        return is_atomic(value) and not might_be_vendor_token(value)
    return isinstance(value, (int, float, bool)) or value is None


def is_atomic(value: str) -> bool:
    """One token: an id, an enum, a name. Not words, an address or a URL."""
    return _NOT_ATOMIC.search(value) is None


# Base64 of text: an HTTP body a HAR file or an API Gateway event recorded (`"encoding": "base64"`,
# `"isBase64Encoded": true`), a message queue's payload. One alphabet, optional padding; perhaps in a data URL
# (an OpenAI file input's `data:text/csv;base64,...`), wrapped in lines (MIME's 76 columns, `openssl base64`'s 64),
# or gzip-compressed first (a `content-encoding: gzip` body).
_BASE64_TEXT = re.compile(r"[A-Za-z0-9+/]{24,}={0,2}|[A-Za-z0-9_-]{24,}={0,2}")
_BASE64_DATA_URL = re.compile(r"data:[\w.+-]+/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,")
_BASE64_LINE_END = re.compile(r"\r?\n")
_NON_TEXT = re.compile(r"[^\S\n\r\t ]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_GZIP_MAGIC = b"\x1f\x8b"
_GZIP_TEXT_MAX = 16 * 1024 * 1024  # (a gzip bomb is refused, not inflated)


@dataclass(frozen=True)
class Base64Style:
    """How text was base64-encoded in a string, to encode its redacted form the same way."""

    urlsafe: bool
    padded: bool
    prefix: str = ""  # a data URL's `data:<type>;base64,`
    line_length: int = 0  # wrapped in lines of this many characters (0: one line)
    line_end: str = "\n"
    final_line_end: bool = False
    gzip: bool = False

    def dumps(self, value: Any) -> str:
        raw = str(value).encode("utf-8", "surrogatepass")
        if self.gzip:
            raw = gzip.compress(raw, mtime=0)
        encoded = (base64.urlsafe_b64encode if self.urlsafe else base64.b64encode)(raw).decode("ascii")
        encoded = encoded if self.padded else encoded.rstrip("=")
        if self.line_length:
            lines = [encoded[i:i + self.line_length] for i in range(0, len(encoded), self.line_length)]
            encoded = self.line_end.join(lines) + (self.line_end if self.final_line_end else "")
        return self.prefix + encoded


def parse_base64_text(text: str) -> tuple[str, Base64Style] | None:
    """The text a string holds base64-encoded (an HTTP body, `eyJlbWFpbCI6...`, a data URL, wrapped lines,
    gzip inside), else None.

    Only where the decoding is text (valid UTF-8, printable but for line breaks and tabs) and encoding
    it again gives the same string: ids, digests and keys are random bytes, which are neither. (Compressed
    text is not compressed again byte for byte: it is written anew only when something in it was replaced.)"""
    if " " in text:  # (prose, most strings, fails at once: no base64 form has a space)
        return None
    original, prefix = text, ""
    if text.startswith("data:"):
        data_url = _BASE64_DATA_URL.match(text)
        if data_url is None:
            return None
        prefix, text = data_url.group(0), text[data_url.end():]
    line_length, line_end, final_line_end = 0, "\n", False
    if "\n" in text:
        lines = _BASE64_LINE_END.split(text)
        final_line_end = lines[-1] == ""
        lines = lines[:-1] if final_line_end else lines
        line_length = len(lines[0])
        if len(lines) < 2 or line_length < 24 or any(len(line) != line_length for line in lines[:-1]) \
                or not 0 < len(lines[-1]) <= line_length:
            return None
        line_end = "\r\n" if "\r\n" in text else "\n"
        text = "".join(lines)
    if not _BASE64_TEXT.fullmatch(text):
        return None
    urlsafe = "-" in text or "_" in text
    padded = text.endswith("=") or (len(text) % 4 == 0 and not urlsafe)
    try:
        raw = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_" if urlsafe else None, validate=True)
        compressed = raw.startswith(_GZIP_MAGIC)
        if compressed:
            raw = _gunzipped(raw)
        decoded = raw.decode("utf-8")
    except (ValueError, UnicodeDecodeError, OSError, EOFError):
        return None
    style = Base64Style(urlsafe, padded, prefix, line_length, line_end, final_line_end, compressed)
    if len(decoded) < 16 or _NON_TEXT.search(decoded) or (not compressed and style.dumps(decoded) != original):
        return None
    return decoded, style


# A quoted base64 run inside a longer text: botocore's debug line `{'chunk': {'bytes': 'eyJ0eXBlIjoi...'}}`, a
# log's `payload="eyJ..."`. (A string that is base64 whole is read by `parse_base64_text` where it is planned.)
_QUOTED_BASE64_RUN = re.compile(r"""(?<![\w+/=-])['"]([A-Za-z0-9+/_-]{24,}={0,2})['"]""")


def base64_texts_in(text: str) -> list[tuple[str, str]]:
    """(run, decoded text) of each quoted base64 run in `text` that encodes text (see `parse_base64_text`)."""
    found = []
    for match in _QUOTED_BASE64_RUN.finditer(text):
        if match.end() - match.start() < len(text):
            decoded = parse_base64_text(match.group(1))
            if decoded is not None:
                found.append((match.group(1), decoded[0]))
    return found


def _gunzipped(raw: bytes) -> bytes:
    with gzip.GzipFile(fileobj=io.BytesIO(raw)) as stream:
        data = stream.read(_GZIP_TEXT_MAX + 1)
    if len(data) > _GZIP_TEXT_MAX:
        raise ValueError("compressed text too large")
    return data


@dataclass(frozen=True)
class EmbeddedStyle:
    """How a JSON document inside a string was written: its JSON style (one line or indented, as
    `docker inspect` or `cat sa.json` print it) and the whitespace around it (a command's output
    ends with a newline)."""

    json: JsonStyle
    leading: str
    trailing: str
    source: str  # the document as it was written
    respelled: bool  # Python would write one of its numbers another way (`1e5`)

    def dumps(self, value: Any) -> str:
        # Only the changed strings are written anew (`written_over`): the document keeps its writer's layout.
        text = written_over(self.source, value, self.json)
        if text is None:
            text = self.json.dumps(value)
            if self.respelled:
                text = written_like(text, self.source)
        return self.leading + text + self.trailing


def parse_embedded_json(text: str) -> tuple[Any, EmbeddedStyle | JsonLinesStyle] | None:
    """A JSON object or array inside a string, or JSON documents one a line (`parse_json_lines`),
    with the style to write it back in; else None."""
    return _parse_json_document(text) or parse_json_lines(text)


@dataclass(frozen=True)
class JsonLinesStyle:
    """How JSON documents one a line were written inside a string: each line's prefix (`data: `) and
    JSON style, or a line kept as it is (blank lines, server-sent-event fields), and its line end."""

    lines: tuple[tuple[str, EmbeddedStyle | None, str], ...]

    def dumps(self, value: Any) -> str:
        documents = iter(value)
        return "".join(head + (style.dumps(next(documents)) if style is not None else "") + end
                       for head, style, end in self.lines)


# Lines of a server-sent-events body that hold no data: `event: content_block_delta`, `id: 7`,
# `retry: 3000`, a `: keep-alive` comment, OpenAI's closing `data: [DONE]`. One token each: these lines
# are written back unread, so nothing with a space or an `@` may pass for one.
_SSE_FIELD_LINE = re.compile(r"(?:event|id):[ \t]?[\w.:-]*|retry:[ \t]?\d+|:[ \t]?(?:keep-alive|ping|heartbeat)?"
                             r"|data: ?\[DONE\]")


def parse_json_lines(text: str) -> tuple[list[Any], JsonLinesStyle] | None:
    """Two or more JSON documents, one a line, inside a string (a JSONL file a tool read, a container's
    log, a raw server-sent-events body whose `data:` lines are JSON), or one such event; else None. Any other line that
    is not blank or an event field makes it text: nothing in a string may escape analysis."""
    if "{" not in text or ("\n" not in text and not text.startswith("data:")):
        return None
    documents: list[Any] = []
    lines: list[tuple[str, EmbeddedStyle | None, str]] = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        end = line[len(body):]
        prefix = "data: " if body.startswith("data: ") else "data:" if body.startswith("data:") else ""
        parsed = _parse_json_document(body[len(prefix):]) if body[len(prefix):].lstrip()[:1] in ("{", "[") else None
        if parsed is not None:
            documents.append(parsed[0])
            lines.append((prefix, parsed[1], end))
        elif not body.strip() or _SSE_FIELD_LINE.fullmatch(body):
            lines.append((body, None, end))
        else:
            return None
    # One event of a raw stream (`data: {...}`, a chunk per record) is read too: its delta joins the
    # others of its stream, so a value cut across chunks is found (red team 55).
    streamed = any(head.startswith("data:") for head, style, _ in lines if style is not None)
    return (documents, JsonLinesStyle(tuple(lines))) if len(documents) >= 2 or (documents and streamed) else None


def _parse_json_document(text: str) -> tuple[Any, EmbeddedStyle] | None:
    stripped = text.strip()
    if len(stripped) < 2 or stripped[0] not in "{[" or stripped[-1] not in "}]":
        return None
    try:
        spelling = NumberSpelling(stripped)
        # (a repeated key: the parsed document would hold only its last value, and the string is written back
        # from it where nothing was found in it, the earlier value with it, unread; red team 32)
        value = loads_strict(stripped, spelling, unique_keys=True)
    except (ValueError, RecursionError):
        return None  # not JSON, or not JSON that would survive a rewrite: redacted as text
    if not isinstance(value, (dict, list)):
        return None
    style = sniff_style(stripped, bom=False)
    if style.indent is None:
        # On one line: compact unless its separators have spaces (outside string literals, where
        # prose has commas: `{"q":"a, b"}` is compact).
        between = STRING_LITERAL.sub('""', stripped)
        style = replace(style, compact=": " not in between and ", " not in between)
    leading = text[:len(text) - len(text.lstrip())]
    return value, EmbeddedStyle(style, leading, text[len(leading) + len(stripped):], stripped, spelling.respelled)


@dataclass(frozen=True)
class Member:
    """How one dict member is treated."""

    keep: bool  # the value is kept verbatim (structure, or a credential's type field)
    effective_key: str  # the key the value belongs to (an OTLP attribute's name for its value)
    secret_entity: str | None  # the value is (inside) a secret-named key's value
    shape: str
    ner: bool = True  # False: only the pattern and secret detectors (and known values) apply
    identifier: bool = False  # an id (see `is_identifier_value`): only known values apply


# A value under an identifier key (`github_run_id`, `zendeskTicketId`, an `etag`) is an id, whatever its
# digits look like (a 10-digit run id reads as a phone number, an order id as a card). Not the ids
# that are personal data (`tax_id`, `national_id`, the policy's redact_keys) nor those that are phone
# numbers by design (WhatsApp's `wa_id`, a `caller_id`).
# (Product, listing and shipment codes too: a drug's `ndc`, a `sku`, a barcode, an `mls_number`, a tariff code,
# a tracking number, a purchase order.)
_IDENTIFIER_KEY = re.compile(r"(?:^|_)(?:ids?|uuid|guid|etag|e_tag|ndc|sku|upc|ean|gtin|mls|mls_number|hs_code"
                             r"|tariff_code|cpc|barcode|tracking|tracking_number|po|po_number|lot|lot_number|rma"
                             r"|style|style_number|upc_code|meeting_id"
                             # a court's, a jury office's and a police force's record numbers (red team 58)
                             r"|juror_number|juror_no|case_number|case_no|docket_number|docket_no|incident_number"
                             r"|incident_no|report_number|report_no|event_number|event_no"
                             # a clinical trial's subject and kit numbers (ODM's `SubjectKey`, SDTM's `SUBJID`; red
                             # team 59)
                             r"|subject_key|subjid|usubjid|subject_number|screening_number|randomization_number"
                             r"|randomisation_number|kit_number|kit_no"
                             # an employer's identification number (a payer's on a 1099; see decoys' `EIN`)
                             r"|ein|fein|employer_ein"
                             # a business's tax or registration number (a payer's ABN; red team 46)
                             r"|abn|acn|gstin|gst_number|gst_no|vat_number|vat_no|vat_id|business_number"
                             # (a French firm's registration, establishment and activity codes; red team 58: not
                             # `naf`, a Spanish social security affiliation number as well)
                             r"|siren|siret|code_naf|ape|code_ape"
                             # (Nordic firms' numbers and a payee's giro numbers; red team 59)
                             r"|orgnr|org_nr|organisationsnummer|organisasjonsnummer|cvr|cvr_nummer|ytunnus|y_tunnus"
                             r"|bankgiro|plusgiro"
                             # a version or a build (`app_version: 3.2.1.9` reads as an IPv4 address)
                             r"|version|ver|build|build_number|firmware|release)$")
_PHONE_IDENTIFIER_KEYS = frozenset({"wa_id", "caller_id", "sender_id", "from_id", "msisdn_id", "phone_id"})
_IDENTIFIER_VALUE = re.compile(r'(?:W/)?"?[A-Za-z0-9][A-Za-z0-9_.:#/-]{0,127}"?'
                               # a mail's id in its angle brackets (`"message_id": "<2026...4471@mailer.example>"`)
                               r'|<[A-Za-z0-9][A-Za-z0-9_.+=$%-]{0,127}@[A-Za-z0-9][A-Za-z0-9.-]{0,127}>')


# Digits in groups, as a meeting's id and a parcel's tracking number are written (`"meeting_id": "812 3456 7890"`,
# red team 41; Yamato's `"tracking": "6221 4817 3309"`, red team 43): only under such a key. Under any id's key
# they are a phone number as often: a login by SMS (`"login_id": "0412 345 678"`; red team 42).
# (and a business's number printed in its groups, `"payer_abn": "51 824 753 556"`; red team 46)
_GROUPED_DIGITS = re.compile(r"\d{2,4}(?: \d{3,4}){1,3}")
_GROUPED_ID_KEY = re.compile(r"(?:^|_)(?:(?:meeting|webinar|conference|zoom|teams)_id|tracking|tracking_number"
                             r"|abn|acn|gstin|gst_number|gst_no|vat_number|vat_no|vat_id|business_number)$")


def is_identifier_value(key: str, value: str) -> bool:
    """(Not a key's or a credential's id, `AWS_ACCESS_KEY_ID`, nor a value in a vendor's token format.)"""
    name = normalize_key(key)
    shaped = _IDENTIFIER_VALUE.fullmatch(value) is not None \
        or (_GROUPED_DIGITS.fullmatch(value) is not None and _GROUPED_ID_KEY.search(name) is not None)
    return (_IDENTIFIER_KEY.search(name) is not None and name not in _PHONE_IDENTIFIER_KEYS
            and (_CREDENTIAL_WORDS.search(name) is None or name in _KEYS_NAMED_KEY)
            and shaped and any(char.isdigit() for char in value)
            and pii_entity_for_key(key) is None and not _names_personal_data(key) and not might_be_vendor_token(value))


_CREDENTIAL_WORDS = re.compile(r"key|secret|token|pass|auth|cred|session|cookie")
# Ids an exchange format calls keys (CDISC ODM's `SubjectKey`: a trial subject's number, no secret).
_KEYS_NAMED_KEY = frozenset({"subject_key"})
# A bare `wallet` (and its spellings) holding an address: an EVM account, a Bitcoin base58 or bech32 address, a
# Tron one (a `wallet` record, `{"balance": ...}`, is no address: only a string of that shape is one).
_WALLET_KEYS = frozenset({"wallet", "wallets", "crypto_wallet", "destination_wallet", "source_wallet", "usdt_wallet",
                          "eth_wallet", "btc_wallet",
                          # (a screening tool's `"addresses": [...]`, a withdrawal's `to_address`: only a value of a
                          # coin address's shape; red team 45)
                          "addresses", "owner_address", "from_address", "to_address", "deposit_address",
                          "withdrawal_address", "payout_address", "receiving_address", "sender_address",
                          "recipient_address", "destination_address", "whitelisted_addresses",
                          "withdrawal_addresses", "deposit_addresses"})
# A Brazilian identity card's number (RG, `38.472.615-9`) under its key; `rg` is Azure's resource group too, whose
# names are words (`rg-prod-eastus`), so the key counts only with the number's shape.
_RG_KEYS = frozenset({"rg", "rg_number", "numero_rg", "rg_numero", "registro_geral"})
_RG_NUMBER = re.compile(r"\d{1,2}\.?\d{3}\.?\d{3}-?[\dXx]")
# India's Permanent Account Number under a bare `pan` (an insurer's or a KYC record's): `pan` is also a card's
# primary account number (analysed as text anyway) and a camera's or a chart's pan, so the key counts only with
# the number's shape (five letters, the fourth the holder's kind, four digits, a letter).
_PAN_KEYS = frozenset({"pan", "pan_no", "pan_card", "pan_card_no", "pan_card_number"})
_PAN_NUMBER = re.compile(r"[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]")
# A travel booking's numbers under keys that name them only with their shape (red team 50): an e-ticket's thirteen
# digits (the airline's three, then ten) under any ticket key (`ticket`, `new_ticket`, `ticket_to_refund`; a support
# ticket's number is never so, and a `ticket_id` may be a time in milliseconds), a loyalty programme's number under
# the programme's name (`ua_mileageplus`, `hilton_honors`, a passenger record's `ff`: six digits at least, a carrier's
# code before them).
_TICKET_KEY = re.compile(r"(?:^|_)tickets?(?:_(?!(?:.*_)?(?:id|ids|uuid|key|ts|time|timestamp)$)|$)")
_E_TICKET_NUMBER = re.compile(r"\d{3}-?\d{10}")
_LOYALTY_KEY = re.compile(
    r"(?:^|_)(?:ff|mileage_?plus|sky_?miles|a_?advantage|executive_club|flying_blue|miles_(?:and_)?more|kris_?flyer"
    r"|asia_miles|avios|mileage_bank|mileage_club|honors|bonvoy|ihg_(?:one_)?rewards|world_of_hyatt|rapid_rewards"
    r"|true_?blue|aeroplan|skywards|etihad_guest|privilege_club|qantas_frequent_flyer)(?:_(?:number|no|id|account))?$")
_LOYALTY_NUMBER = re.compile(r"(?:[A-Z0-9]{2}[ -]?)?\d{6,12}")


# A Terraform `random_password` resource's attributes in a state file: `result` is the password it generated (its
# `bcrypt_hash` beside it; `random_string` has no hash and makes names, not passwords). Red team 50.
def is_generated_password(record: Mapping[str, Any]) -> bool:
    return "bcrypt_hash" in record and "length" in record


# A booking's record locator under its key (with the family name it opens the booking: the passport, the seats), in
# its shape: a `pnr` may hold the whole reservation's display too, names and addresses each found in it.
_LOCATOR_KEYS = frozenset({"record_locator", "pnr", "pnr_locator", "pnr_code", "booking_reference", "booking_ref",
                           "airline_locator", "gds_locator", "linked_pnr"})
_RECORD_LOCATOR = re.compile(r"[A-Z0-9]{5,8}")


def is_travel_number(key: str, value: str) -> bool:
    name = normalize_key(key)
    if name in _LOCATOR_KEYS:
        return _RECORD_LOCATOR.fullmatch(value.strip()) is not None
    if _TICKET_KEY.search(name):
        return _E_TICKET_NUMBER.fullmatch(value.strip()) is not None
    return _LOYALTY_KEY.search(name) is not None and _LOYALTY_NUMBER.fullmatch(value.strip()) is not None


# A GhanaPost digital address under its key (`"digital_address": "GA-492-7718"`, a home's geocode; red team 45): only
# with its shape, as a `digital_address` may be a mailbox or a wallet.
_DIGITAL_ADDRESS_KEYS = frozenset({"digital_address", "gps_address", "ghanapost_gps", "ghana_post_gps",
                                   "ghanapost_address", "ghana_post_address"})
_DIGITAL_ADDRESS = re.compile(r"[A-Z]{2}-\d{3,4}-\d{4}")
# Keys that name a national or a registration number with their check (red team 41): a Spanish social security
# number or a Mexican IMSS one under `nss` (also Mozilla's Network Security Services, whose values are versions),
# a Spanish NIE under `nie` (Polish for "no"), a prescriber's DEA registration under `dea` (an agency's name), an
# Australian Centrelink CRN under `crn` (a UK company's registration number too, which has no letter at its end).
# Each counts only with the number's shape and check.
# (red team 43) A UK Unique Taxpayer Reference under `utr` (ten digits, a `K` on either end in HMRC's payment
# references): India's payments name a bank transfer's reference `utr` too (`HDFCR52026071412345678`, a UPI RRN's
# twelve digits), which is no one's. A Chilean RUT under `rut` (a person's: a company's is public), a Singapore FIN
# under `fin` (finance's word), a person's Peruvian RUC under `ruc`, with their checks.
_UK_UTR = re.compile(r"[Kk]?\d{5}[ ]?\d{5}[Kk]?")


def _uk_utr_ok(value: str) -> bool:
    return _UK_UTR.fullmatch(value) is not None


def _shaped_number_keys() -> dict[str, Callable[[str], bool]]:
    from redactor.detection.cues import centrelink_crn_ok, dea_number_ok, dni_nie_ok, social_security_nss_ok
    from redactor.detection.validators import nric_ok, personal_ruc_ok, personal_rut_ok

    return {"nss": social_security_nss_ok, "numero_nss": social_security_nss_ok, "nie": dni_nie_ok,
            "numero_nie": dni_nie_ok, "dea": dea_number_ok, "dea_no": dea_number_ok, "crn": centrelink_crn_ok,
            "centrelink_crn": centrelink_crn_ok, "customer_reference_number": centrelink_crn_ok,
            "utr": _uk_utr_ok, "utr_number": _uk_utr_ok, "rut": personal_rut_ok, "fin": nric_ok, "cpr": _cpr_ok,
            "ruc": personal_ruc_ok}


_SHAPED_NUMBER_KEY_NAMES = frozenset({"nss", "numero_nss", "nie", "numero_nie", "dea", "dea_no", "crn",
                                      "centrelink_crn", "customer_reference_number", "utr", "utr_number", "rut",
                                      "fin", "cpr", "ruc"})
# Denmark's CPR number: the birth date (DDMMYY) and four digits (`220776-1004`); `cpr` is also resuscitation's.
_CPR = re.compile(r"(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d{2}-?\d{4}")


def _cpr_ok(value: str) -> bool:
    return _CPR.fullmatch(value) is not None


# India's postcode is its PIN code (`"address": {"city": "Bengaluru", "pin": "560102"}`): six digits, the first
# not zero, in an address's record; a card's or a door's `pin` stays a secret (red team 52).
_POSTAL_PIN_KEYS = frozenset({"pin", "pin_code", "pincode"})
_POSTAL_PIN = re.compile(r"[1-9]\d{2}[ ]?\d{3}")


def is_postal_pin(record: Mapping[str, Any], key: str, value: str, record_key: str | None) -> bool:
    if normalize_key(key) not in _POSTAL_PIN_KEYS or _POSTAL_PIN.fullmatch(value.strip()) is None:
        return False
    return (record_key is not None and "address" in normalize_key(record_key)) \
        or any(isinstance(other, str) and normalize_key(other) in _ADDRESS_PART_KEYS for other in record)


def is_shaped_number(key: str, value: str) -> bool:
    name = normalize_key(key)
    return name in _SHAPED_NUMBER_KEY_NAMES and _shaped_number_keys()[name](value.strip())


# The answer to an account's security question (`"security_question": {"q": "mother's maiden name", "answer":
# "Gagnon"}`): it opens the account as a password does (red team 41). Only in a record named for one: a FAQ's
# or a quiz's `{"question", "answer"}` is text.
_SECURITY_ANSWER_KEYS = frozenset({"answer", "a", "response", "value"})
# (The record's name ends with the question's: `security_questions_faq`, `security_question_policy`,
# `recovery_questions_audit` hold help texts and settings; red team 42.)
_SECURITY_QUESTION_RECORD = re.compile(r"(?:security|secret|challenge|memorable|recovery|verification)_"
                                       r"(?:questions?|answers?|q_?and_?a|qa|word)(?:_\d+)?$")
# A setting's or a check's status (`three_questions_required`, `match_not_attempted`) and a help text's sentences
# answer no security question (red team 42): an answer is a word or a name, a few words at most.
_STATUS_VALUE = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)+")
_SECURITY_ANSWER_MAX_WORDS = 6


def is_security_answer(key: str, record_key: str | None, value: str) -> bool:
    return key in _SECURITY_ANSWER_KEYS and record_key is not None \
        and _SECURITY_QUESTION_RECORD.search(normalize_key(record_key)) is not None \
        and _STATUS_VALUE.fullmatch(value) is None and len(value.split()) <= _SECURITY_ANSWER_MAX_WORDS


# A FHIR Address's `line` (`{"line": ["Flat 2", "41 Heol y Castell"], "city": ..., "postalCode": ...}`): the street
# lines of a postal address, beside its other parts (red team 41).
_ADDRESS_PART_KEYS = frozenset({"city", "postalcode", "postal_code", "district", "state", "country"})


def is_address_lines(record: Mapping[str, Any], key: str, value: Any) -> bool:
    return key == "line" and isinstance(value, list) and all(isinstance(line, str) for line in value) \
        and any(normalize_key(other) in _ADDRESS_PART_KEYS for other in record if isinstance(other, str))


# A withdrawal whitelist's or a deposit's `{"asset": "ETH", "address": "0x..."}`: the address of a coin (and a
# whitelist's `{"address": "0x...", "label": "metamask"}`, the customer's name for their wallet; red team 45).
_CRYPTO_ASSET_KEYS = ("asset", "currency", "coin", "network", "chain", "symbol", "ticker", "label", "wallet_name",
                      "wallet_type")
_CRYPTO_ADDRESS_KEYS = frozenset({"address", "addr", "to", "destination", "recipient"})


def _wallet_addresses(value: Any) -> bool:
    """A coin address, or a list of nothing else (`"addresses": ["bc1q...", "0x76c5...", "TExi..."]`)."""
    if isinstance(value, str):
        return _WALLET_ADDRESS.fullmatch(value) is not None
    return isinstance(value, list) and bool(value) and all(
        isinstance(item, str) and _WALLET_ADDRESS.fullmatch(item) is not None for item in value)


def crypto_address_of_record(record: Mapping[str, Any], key: str) -> bool:
    return normalize_key(key) in _CRYPTO_ADDRESS_KEYS and any(
        isinstance(record.get(name), str) for name in _CRYPTO_ASSET_KEYS)


_COORDINATE_KEYS = frozenset({"gps", "geo", "latlng", "lat_lng", "latlon", "lat_lon", "coordinates", "coords",
                              "geolocation", "gps_coordinates", "position", "location_coordinates"})
# (and what a position is of: `home_location`, `pickup_location`, `last_known_position`, `dropoff_coords`; red
# team 41. The value's shape decides: `"home_location": "Leeds"` is no position.)
_COORDINATE_KEY_ENDINGS = tuple("_" + ending for ending in ("location", "position", "coordinates", "coords", "latlng",
                                                             "latlon", "gps"))


# (Not the `*_position` of what a game, a robot or a UI places: `camera_position`, `joint_position`,
# `label_position`, `bbox_position` hold a scene's, an arm's or a page's x and y in that shape too; red team 42. A
# `*_location` is a place's: `camera_location` may be a doorbell's.)
_SCENE_POSITION_WORDS = frozenset({
    "camera", "cam", "player", "spawn", "sprite", "entity", "object", "mesh", "bone", "vertex", "light", "particle",
    "joint", "arm", "ee", "effector", "gripper", "tool", "servo", "motor", "wrist", "elbow",
    "cursor", "mouse", "pointer", "caret", "scroll", "viewport", "screen", "window", "canvas", "widget", "element",
    "node", "label", "logo", "icon", "text", "tooltip", "popup", "modal", "button", "menu", "panel", "legend",
    "axis", "anchor", "bbox", "box", "crop", "image", "img", "pixel", "grid", "cell", "tile",
})


def is_geofence_centre(record: Mapping[str, Any], key: str) -> bool:
    """A geofence's or a zone's centre (`{"zone": "zone.home", "center": "39.470239, -0.357615", "radius": ...}`): a
    home's position. (A `center` alone is a layout's as often.)"""
    return key.lower() in ("center", "centre") and "radius" in record


def _is_coordinate_key(name: str) -> bool:
    if name in _COORDINATE_KEYS:
        return True
    if name.endswith("_position") and not _SCENE_POSITION_WORDS.isdisjoint(name.split("_")[:-1]):
        return False
    return name.endswith(_COORDINATE_KEY_ENDINGS)


# (with its hemispheres too, as EXIF's `GPSPosition` writes it: `40.411731 N, 3.702887 W`; red team 51)
_LAT_LNG = re.compile(r"[ \t]*-?\d{1,2}\.\d{3,}(?:[ \t]?[NS])?,[ \t]*-?\d{1,3}\.\d{3,}(?:[ \t]?[EW])?[ \t]*")
# A photo's EXIF position, one coordinate a key, as exiftool prints it (`"GPSLatitude": "30 deg 30' 46.35\" N"`, or
# `30.512874`): where the photo was taken, a customer's home in a technician's job photos (red team 57).
_EXIF_GPS_KEYS = frozenset({"gps_latitude", "gps_longitude", "gps_dest_latitude", "gps_dest_longitude"})
_EXIF_GPS_VALUE = re.compile(DEGREES_MINUTES_SECONDS + r"\"?(?:[ ]?[NSEW])?|-?\d{1,3}\.\d{4,}(?:[ ]?[NSEW])?")
# (and Solana's, 32 to 44 characters of base58, under a wallet's key only; red team 51)
_WALLET_ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}|(?:bc1|tb1)[02-9ac-hj-np-z]{25,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34}"
                             r"|T[1-9A-HJ-NP-Za-km-z]{33}|[1-9A-HJ-NP-Za-km-z]{32,44}")
# Personal data a JSON integer can hold (red team 32: `"card_number": 4111111111111111` was never read): from a
# three-digit CVV or PIN to a 19-digit card; not a flag, a count or a sentinel (`"phone": 0`).
_NUMBER_PII_ENTITIES = frozenset({"CREDIT_CARD", "PHONE_NUMBER", "US_SSN", "ID_NUMBER", "IBAN_CODE", "DATE_OF_BIRTH",
                                  "STREET_ADDRESS"})
_PERSONAL_NUMBER_MIN, _PERSONAL_NUMBER_MAX = 100, 10**20
# A place as a JSON float: a coordinate under a home position's key (`"home_latitude": 51.50722`; red team 52);
# a float under any other key (an amount, a score, a store's `lat`) is kept.
_COORDINATE_ENTITY = "LOCATION"
# A person's places written as a position's members (`"home_location": {"lat": 60.367214, "lon": 5.337481}`, a ride's
# `pickup_location`, Tesla's `drive_state` of the owner's car; red team 55). Not any position: a public charger's
# `coordinates` or a station's `location` is a business's.
_PERSONAL_POSITION = re.compile(r"(?:home|work|residence|pickup|pick_up|dropoff|drop_off|last_known)_"
                                r"(?:location|position|coordinates|coords|gps|geo)|drive_state")
_POSITION_MEMBERS = frozenset({"lat", "lon", "lng", "long", "latitude", "longitude"})


def is_personal_position_member(key: str, parent_key: str | None) -> bool:
    return parent_key is not None and normalize_key(key).rsplit("_", 1)[-1] in _POSITION_MEMBERS \
        and _PERSONAL_POSITION.fullmatch(normalize_key(parent_key)) is not None  # (Tesla's `native_latitude` too)


def is_position_of_an_address(record: Mapping[str, Any], key: str) -> bool:
    """A coordinate beside the street address it places (a CAD incident's `{"address": "4471 ...", "lat": 39.98312,
    "lon": -82.99817}`; red team 58): the address's own, whose token would be worth nothing beside it."""
    return normalize_key(key) in _POSITION_MEMBERS and (record.get("source") in _PREMISE_SOURCES or any(
        isinstance(value, str) and value.strip() and isinstance(name, str)
        and pii_entity_for_key(name) == "STREET_ADDRESS" for name, value in record.items()))


# A position's `source` when it is a customer's home (an outage report's `{"lat": ..., "lon": ..., "source":
# "premise"}`; red team 58).
_PREMISE_SOURCES = frozenset({"premise", "premises", "customer_premise", "service_address", "home", "residence"})


def may_name_personal_number(policy: Policy, key: str) -> bool:
    """Whether a JSON number under `key` may be personal data (`StructureRules.number_entity` decides, on the
    number too): the gate's cheap question before it walks a sealed file."""
    return _number_key_entity(key, is_secret_name(policy, key)) is not None \
        or pii_entity_for_key(key) == _COORDINATE_ENTITY


def _number_key_entity(key: str, secret_name: bool) -> str | None:
    """The entity a personal integer under `key` is, by the key's name alone (`secret_name`: the policy calls it
    a secret's)."""
    if secret_name:
        return secret_entity_for_key(key)
    entity = pii_entity_for_key(key)
    return entity if entity in _NUMBER_PII_ENTITIES else None


class StructureRules:
    """The structure of one format under one policy."""

    def __init__(self, policy: Policy, trace_format: TraceFormat) -> None:
        self.policy = policy
        self.structural_keys = trace_format.structural_keys | policy.structural_keys
        self.message_keys = trace_format.message_keys
        self.structural_attributes: frozenset[str] = (
            trace_format.structural_attributes if isinstance(trace_format, OtlpJsonFormat) else frozenset()
        )
        self._structural_re = compile_structural_paths(
            list(trace_format.structural_paths) + list(policy.structural_paths)
        )
        self._structural_shapes: dict[str, bool] = {}
        self._secret_names: dict[str, bool] = {}  # keys repeat in every record: decide each once

    def number_entity(self, key: str, number: Any, parent_key: str | None = None,
                      record: Mapping[str, Any] | None = None) -> str | None:
        """The entity a JSON number under `key` is by the key's name (`"card_number": 4111111111111111`, `"phone":
        447700900123`, `"pin": 7391`, `"home_latitude": 51.50722`), or a coordinate by the position it is part of
        (`parent_key`: `"home_location": {"lat": 60.367214, ...}`) or the address beside it in its `record`; None
        for counts, sizes, times, ids, amounts, and a number under a neutral key (`"n"`: its type is kept). Such a
        number becomes its token, a string: no number can say it was redacted."""
        if type(number) is float:
            return _COORDINATE_ENTITY if abs(number) <= 180 and (
                pii_entity_for_key(key) == _COORDINATE_ENTITY or is_personal_position_member(key, parent_key)
                or (record is not None and is_position_of_an_address(record, key))) else None
        if type(number) is not int or not _PERSONAL_NUMBER_MIN <= abs(number) < _PERSONAL_NUMBER_MAX:
            return None  # (a bool is an int: `type`, not `isinstance`)
        if record is not None and is_keypad_authorization_code(record, key):
            return "CREDENTIAL"
        return _number_key_entity(key, self.is_secret_name(key))

    def is_secret_name(self, key: str) -> bool:
        known = self._secret_names.get(key)
        if known is None:
            known = is_secret_name(self.policy, key)
            if len(self._secret_names) < 100_000:
                self._secret_names[key] = known
        return known

    @staticmethod
    def table_columns(value: Mapping[str, Any]) -> list[str] | None:
        """The column names of a query result `{"columns": [...], "rows": [[...], ...]}` (names, or
        `{"name": ...}` objects as many drivers write them), else None. Each row's cell is then the
        value of its column: a `password` or `dob` column is what a `password` or `dob` key is.
        (Also where warehouses' APIs put them, beside their rows: Snowflake's `resultSetMetaData.rowType` and
        `data`, Redshift Data API's `ColumnMetadata` and `Records`, BigQuery's `schema.fields` and `rows` of
        `{"f": [{"v": ...}]}`; red team 53.)"""
        columns = value.get("columns")
        if not isinstance(columns, list):
            columns = _warehouse_columns(value)
        return _column_names(columns)

    @staticmethod
    def result_columns(value: Mapping[str, Any]) -> list[str] | None:
        """The columns of the rows in `value["result"]`, named one level apart: Databricks' SQL Statement
        Execution API writes `manifest.schema.columns` beside `result.data_array` (red team 53). Else None."""
        manifest, result = value.get("manifest"), value.get("result")
        if not isinstance(manifest, dict) or not isinstance(result, dict) or "data_array" not in result:
            return None
        schema = manifest.get("schema")
        return _column_names(schema.get("columns") if isinstance(schema, dict) else None)

    @staticmethod
    def expectation_column(value: Mapping[str, Any]) -> str | None:
        """The column whose failing values a Great Expectations validation result lists under `result`
        (`expectation_config.kwargs.column`; see `UNEXPECTED_VALUE_LISTS`), else None."""
        config = value.get("expectation_config")
        kwargs = config.get("kwargs") if isinstance(config, dict) and isinstance(value.get("result"), dict) else None
        column = kwargs.get("column") if isinstance(kwargs, dict) else None
        return column if isinstance(column, str) and column else None

    def cell_member(self, record: Mapping[str, Any], column: str, cell: Any, row: NodeContext) -> Member:
        """How a cell of a query result's row is treated: as the member `column` of the row's record."""
        member = self.member(record, column, cell, row, None, None)
        return Member(member.keep, column, member.secret_entity, row.shape + "[*]", member.ner)

    @staticmethod
    def attribute_name(value: Mapping[str, Any]) -> str | None:
        """The name of a name/value pair, whose value is what a member of that name holds: an OTLP
        attribute `{"key": k, "value": {...}}`, a HAR header or query parameter and a k8s env entry
        `{"name": n, "value": v}` (`{"name": "x-api-key", "value": ...}` holds an API key), and a form
        field's attributes as a browser agent records them (`{"type": "text", "name": "ssn", "id": "ssn",
        "value": ...}`), a custom field's value with its field (`{"field": {"name": ...}, "value": ...}`);
        else None."""
        for name_field, value_field in _PAIR_FIELDS:
            if value_field in value and isinstance(name := value.get(name_field), str) \
                    and (len(value) <= 3 or (name_field == "Name" and value.keys() <= _AWS_PARAMETER_FIELDS)
                         or (name_field == "key" and value.keys() <= _POSTMAN_PAIR_FIELDS)) \
                    and (name_field != "Name" or value.get("Type") in _SSM_PARAMETER_TYPES
                         or _AWS_PARAMETER_NAME.fullmatch(name) is not None):
                return name
        # a custom field's value beside the field it fills, named there (Clio's and Jira's
        # `{"field": {"id": 4471, "name": "Driver License"}, "value": ...}`)
        field = value.get("field", value.get("custom_field")) if "value" in value and len(value) <= 3 else None
        if isinstance(field, dict) and isinstance(name := field.get("name", field.get("label")), str):
            return name
        name = value.get("name") if "value" in value and value.keys() <= _FORM_FIELD_KEYS else None
        if isinstance(name, str):
            return name
        return browser_field_name(value) or concealed_field_name(value) or keychain_secret_field(value) \
            or question_subject(value)

    @staticmethod
    def secure_parameter_entity(parent: Mapping[str, Any], key: str, name: str) -> str | None:
        """An AWS SSM parameter read with decryption (`{"Name", "Type": "SecureString", "Value"}`): its
        value is a secret whatever the parameter is called."""
        if key != "Value" or parent.get("Type") != "SecureString":
            return None
        return secret_entity_for_key(name) if _SECRET_NAME_HINT.search(name) else "CREDENTIAL"

    def member(
        self, parent: Mapping[str, Any], key: str, child: Any, ctx: NodeContext, parent_key: str | None,
        attribute_name: str | None,
    ) -> Member:
        effective_key = attribute_name if attribute_name is not None and (
            key in PAIR_VALUE_FIELDS or key in _ANSWER_FIELDS or key == parent.get("type")
            or (key == "text" and browser_field_name(parent) is not None)
            or (key in KEYCHAIN_DATA_FIELDS and keychain_secret_field(parent) is not None)) else key
        shape = ctx.shape + key_segment(key)
        scalar = not isinstance(child, (dict, list))
        if isinstance(child, str) and (secure := self.secure_parameter_entity(parent, key, effective_key)):
            return Member(False, effective_key, secure, shape)
        if key == "nationalIdentifier" and parent.get("nationalIdentifierType") == _IVMS_LEI_TYPE:
            return Member(True, effective_key, None, shape)  # a VASP's LEI (IVMS101's legal person): public
        if ctx.secret_entity is not None:
            own = pii_entity_for_key(effective_key) if ctx.secret_entity not in SECRET_ENTITY_TYPES else None
            if own is not None:
                # Inside a PII record (`shipping_address: {name, phone, ...}`) a member named after a PII
                # type is that PII: the recipient's `name` is a person, not a k8s secret's name.
                return Member(False, effective_key, own, shape)
            if ctx.secret_entity in _DIGIT_ENTITIES and isinstance(child, str) and not ANY_DIGIT.search(child):
                # A number's record holds no number in words: a `caller`'s `"relationship": "spouse"` is read as
                # text (red team 58).
                return Member(False, effective_key, None, shape)
            # (and under a personal record, a value of no letters or digits: Myinfo's `"prefix": {"value": "+"}`)
            safe = ((key in SECRET_CONTAINER_SAFE_KEYS or _ENUM_KEY.search(key) is not None
                     or (key in _CREDENTIALS_ACCOUNT_KEYS and ctx.secret_entity in SECRET_ENTITY_TYPES)
                     or (ctx.secret_entity not in SECRET_ENTITY_TYPES and (
                         normalize_key(key) in _BANK_PUBLIC_FIELDS or _describes_the_value(parent, key)
                         or (isinstance(child, str) and not any(c.isalnum() for c in child)))))
                    and isinstance(child, str) and len(child) < _SAFE_VALUE_MAX_LENGTH) or is_secret_reference(parent) \
                or (key in _SERVICE_ACCOUNT_PUBLIC_FIELDS and parent.get("type") == "service_account")
            return Member(safe, effective_key, ctx.secret_entity, shape)
        if effective_key != key and (
            effective_key in self.structural_attributes or effective_key in self.structural_keys
        ):
            if _is_atomic_value(child):
                return Member(True, effective_key, None, shape)  # typed OTLP value of an id/enum attribute
            # (an id attribute holding words, a list or a map: what it holds is read, no NER; red team 29's
            # `gen_ai.conversation.id` holding an address)
            return Member(False, effective_key, None, shape, ner=False)
        # Structure protects values, not whole subtrees: {"tool": {...}} is still walked.
        if scalar and self._is_structural(key, shape, parent, parent_key):
            # (An id that is a vendor's key is a key: terraform state stores an access key's id as
            # `"id": "AKIA..."`. Only a whole-value match of a vendor format is analysed, never NER.)
            if _is_atomic_value(child):
                return Member(True, effective_key, None, shape)
            if key in self.message_keys:
                return Member(False, effective_key, None, shape)
            # A structural value written as words or a URL (a span name `GET /users/<email>`) keeps
            # its bytes unless a pattern finds something in it: ids and names are never in it.
            return Member(False, effective_key, None, shape, ner=False)
        if parent_key in _SCHEMA_PROPERTY_CONTAINERS and isinstance(child, dict) and is_schema(child):
            # A tool's parameter named like a secret or personal data (`properties.password`, `.ssn`) is
            # its schema: description, pattern, enum and format describe the field and hold no value.
            return Member(False, effective_key, None, shape)
        if is_admission_barcode(parent, key, child):
            return Member(False, effective_key, "CREDENTIAL", shape)
        if isinstance(child, str) and is_postal_pin(parent, key, child, parent_key):
            return Member(False, effective_key, "STREET_ADDRESS", shape)  # (before secrets: no card's PIN)
        if isinstance(child, str) and is_travel_number(effective_key, child):
            return Member(False, effective_key, "ID_NUMBER", shape)  # (before ids: a `ticket` is a support one's)
        if isinstance(child, str) and (is_identifier_value(effective_key, child) or is_public_contact(parent, key)) \
                and not self.is_secret_name(effective_key):
            return Member(False, effective_key, None, shape, identifier=True)
        if (isinstance(child, str) and names_a_person(parent, key, child, parent_key)) \
                or (key in _HUMAN_NAME_VALUES and is_human_name(parent, parent_key)) \
                or (key in _PERSONAL_PARTS_OF_A_NAME and is_name_in_parts(parent, parent_key)):
            return Member(False, effective_key, "PERSON", shape)
        if key == "name" and isinstance(child, str) and names_a_thing(parent):
            return Member(False, effective_key, None, shape, ner=False)
        if isinstance(child, str) and is_postal_address(parent, key, child):
            return Member(False, effective_key, "STREET_ADDRESS", shape)
        if isinstance(child, str) and is_alerting_integration_key(parent, key):
            return Member(False, effective_key, "API_KEY", shape)
        if isinstance(child, str) and is_keypad_authorization_code(parent, key):
            return Member(False, effective_key, "CREDENTIAL", shape)
        if scalar and (identity_document_number(parent, key, parent_key) or licence_of_a_person(parent, key, child)):
            return Member(False, effective_key, "ID_NUMBER", shape)
        if isinstance(child, str) and is_message_party_number(parent, key, child):
            return Member(False, effective_key, "PHONE_NUMBER", shape)
        if isinstance(child, str) and (kind := contact_point_entity(parent, key, child)) is not None:
            return Member(False, effective_key, kind, shape)
        if isinstance(child, str) and phone_named_value(effective_key, child) \
                and not self.is_secret_name(effective_key):
            return Member(False, effective_key, "PHONE_NUMBER", shape)
        if isinstance(child, str) and is_malformed_mailbox(effective_key, child):
            return Member(False, effective_key, "EMAIL_ADDRESS", shape)
        if isinstance(child, str) and normalize_key(key) in _RG_KEYS and _RG_NUMBER.fullmatch(child):
            return Member(False, effective_key, "ID_NUMBER", shape)  # (an Azure `rg` is a name, never this shape)
        if isinstance(child, str) and normalize_key(key) in _PAN_KEYS and _PAN_NUMBER.fullmatch(child.strip()):
            return Member(False, effective_key, "ID_NUMBER", shape)
        if isinstance(child, str) and normalize_key(key) in _DIGITAL_ADDRESS_KEYS \
                and _DIGITAL_ADDRESS.fullmatch(child.strip()):
            return Member(False, effective_key, "STREET_ADDRESS", shape)
        if isinstance(child, str) and is_shaped_number(key, child):
            return Member(False, effective_key, "ID_NUMBER", shape)
        if key == "result" and isinstance(child, str) and is_generated_password(parent):
            return Member(False, effective_key, "PASSWORD", shape)
        if key == "code" and isinstance(child, str) and "slot" in parent:
            # a smart lock's code slot (`{"slot": 3, "name": "Putzfrau ...", "code": "773041"}`; red team 51)
            return Member(False, effective_key, "CREDENTIAL", shape)
        if isinstance(child, str) and is_security_answer(key, parent_key, child):
            return Member(False, effective_key, "CREDENTIAL", shape)
        if is_address_lines(parent, key, child):
            return Member(False, effective_key, "STREET_ADDRESS", shape)
        if (normalize_key(key) in _WALLET_KEYS or crypto_address_of_record(parent, key)) and _wallet_addresses(child):
            return Member(False, effective_key, "CRYPTO", shape)  # (a `wallet` record's balance is no address)
        if isinstance(child, str) and (_is_coordinate_key(normalize_key(key)) or is_geofence_centre(parent, key)) \
                and _LAT_LNG.fullmatch(child):
            return Member(False, effective_key, "LOCATION", shape)  # a home's or a pickup's GPS position
        if isinstance(child, str) and normalize_key(key) in _EXIF_GPS_KEYS and _EXIF_GPS_VALUE.fullmatch(child.strip()):
            return Member(False, effective_key, "LOCATION", shape)
        if is_generated_token(parent, key, parent_key):
            return Member(False, effective_key, None, shape)  # model output: analysed as text
        if key in _SCHEMA_TEXT_KEYS and isinstance(child, str) and is_schema(parent):
            # A tool's or a parameter's description is the developer's text, which replay compares: the
            # patterns still run (an example address is one), NER's guesses (`in Gusto`) do not.
            return Member(False, effective_key, None, shape, ner=False)
        if key == "authorization" and isinstance(child, str) and is_payment_authorization(parent, child):
            return Member(False, effective_key, None, shape)  # analysed as text: patterns still run
        if isinstance(child, str) and normalize_key(key) in _AUTH_KEYS and _AUTH_CREDENTIAL.fullmatch(child):
            return Member(False, effective_key, secret_entity_for_key(effective_key), shape)
        if names_bearer_setting(effective_key, child) \
                and not any(spelling in self.policy.redact_keys for spelling in _key_spellings(effective_key)):
            return Member(False, effective_key, None, shape)
        secret = secret_entity_for_key(effective_key) if self.is_secret_name(effective_key) else None
        if secret is not None and not scalar and normalize_key(effective_key) in _VALUE_ONLY_SECRET_NAMES:
            secret = None  # (its members are read by their own names: see `identity_document_number`)
        if secret is None and isinstance(child, str) and env_key_holds_secret(effective_key, child):
            secret = "API_KEY"  # noqa: S105 (`"AWS_APIGW_KEY": <an issued key>`: the value says so, not the name)
        return Member(False, effective_key, secret, shape)

    def _is_structural(self, key: str, shape: str, parent: Mapping[str, Any], parent_key: str | None) -> bool:
        if key in self.structural_keys:
            return True
        if self._structural_re is not None:
            cached = self._structural_shapes.get(shape)
            if cached is None:
                cached = self._structural_shapes[shape] = self._structural_re.fullmatch(shape) is not None
            if cached:
                return True
        if key == "display" and isinstance(parent.get("system"), str) and "code" in parent:
            return True  # a code's label in its code system (a FHIR Coding: LOINC's `... in Blood`), no one's
        # A tool's name is structure wherever the tool call or schema sits.
        return key == "name" and (bool(TOOLISH_SIBLINGS & parent.keys()) or parent_key in TOOLISH_PARENTS)
